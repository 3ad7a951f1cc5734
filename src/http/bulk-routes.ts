import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bulkQueryOf, type BulkQuery, type ListParams } from '../domain/list-query.js';
import { parseSelect, selected, type Selection } from '../domain/select.js';
import type { FieldCatalogue } from '../domain/where/types.js';
import { bulkMessage, type BulkResult, type Noun } from '../operations/bulk.js';
import type { Caller } from '../operations/context.js';
import { sendErrors } from './error-handler.js';
import { SelectQuery, bearerSecurity, errorResponses } from './schemas/common.js';
import { bulkAnswer, bulkWhereQuery } from './schemas/products.js';
import { validatedByOperation } from './request-validation.js';

/** Payload's answer to a bulk change: `{docs, errors, message}`, with the docs' JSON as given. */
export function sendBulk(reply: FastifyReply, result: BulkResult<unknown>, verb: 'update' | 'delete', noun: Noun, docs: string[]): FastifyReply {
  const body = `{"docs":[${docs.join(',')}],"errors":${JSON.stringify(result.errors)},"message":${JSON.stringify(bulkMessage(verb, result, noun))}}`;
  return reply.code(result.status).type('application/json; charset=utf-8').send(body);
}

/**
 * A collection's path itself, without a query, is what GET lists and POST adds to; PATCH and
 * DELETE act only on the documents a `where` picks (Payload's bulk changes). Without one they
 * are not supported there: a 405, as for any other method the path lacks.
 */
export function refuseWithoutWhere(reply: FastifyReply, method: 'PATCH' | 'DELETE', noun: Noun): FastifyReply {
  const message = `${method} is not supported here without a where (it ${method === 'PATCH' ? 'updates' : 'deletes'} the ${noun.many.toLowerCase()} a where picks); use GET, HEAD, POST.`;
  return sendErrors(reply, 405, [{ message }], { allow: 'GET, HEAD, POST' });
}

/** A collection's bulk changes: what they take, what they call, and how a changed document is written. */
export interface BulkRoutes<Updated extends object, Deleted extends object> {
  path: string;
  /** The collection's name, which its `where` and `sort` are checked against (see request-validation.ts). */
  collection: string;
  tags: string[];
  noun: Noun;
  fields: FieldCatalogue;
  doc: TSchema;
  /** The PATCH body as the single-document PATCH documents it. */
  body: TSchema;
  /** The query string beyond `where`, `limit` and `sort`; by default `select`. */
  query?: TSchema;
  update(caller: Caller, query: BulkQuery, body: unknown): Promise<BulkResult<Updated>>;
  remove(caller: Caller, query: BulkQuery): Promise<BulkResult<Deleted>>;
  /** The JSON of an updated document; by default its selected fields, serialised. */
  updatedJson?(doc: Updated, selection: Selection | undefined): string;
}

const plainJson = (doc: object, selection: Selection | undefined): string => JSON.stringify(selected(doc, selection));

/** PATCH and DELETE on a collection's path with a `where`: Payload's bulk changes, one document at a time. */
export function registerBulkRoutes<Updated extends object, Deleted extends object>(app: FastifyInstance, routes: BulkRoutes<Updated, Deleted>): void {
  const { path, tags, noun, fields, collection } = routes;
  const many = noun.many.toLowerCase();
  const querystring = (verb: 'update' | 'delete') => Type.Composite([bulkWhereQuery(collection, fields, verb), routes.query ?? SelectQuery]);
  const queryOf = (params: Record<string, unknown>): [BulkQuery, Selection | undefined] => [bulkQueryOf(params as ListParams, fields), parseSelect(params.select)];
  const answer = bulkAnswer(routes.doc, many);
  const updatedJson = routes.updatedJson ?? plainJson;
  type Request = FastifyRequest<{ Querystring: Record<string, unknown> }>;

  const updateSchema = {
    tags, summary: `Update every one of the ${many} a where matches (at most 1,000), each as its own PATCH would; without a where: 405`,
    security: bearerSecurity, querystring: querystring('update'), body: validatedByOperation(routes.body), response: { 200: answer, ...errorResponses(400, 401, 403, 405, 413, 415) },
  };
  app.patch(path, { schema: updateSchema }, async (request: Request, reply) => {
    if (request.query.where === undefined) return refuseWithoutWhere(reply, 'PATCH', noun);
    const [query, selection] = queryOf(request.query);
    const result = await routes.update(request.caller, query, request.body);
    return sendBulk(reply, result, 'update', noun, result.docs.map((doc) => updatedJson(doc, selection)));
  });

  const removeSchema = {
    tags, summary: `Delete every one of the ${many} a where matches (at most 1,000), each as its own DELETE would; without a where: 405`,
    security: bearerSecurity, querystring: querystring('delete'), response: { 200: answer, ...errorResponses(400, 401, 403, 405) },
  };
  app.delete(path, { schema: removeSchema }, async (request: Request, reply) => {
    if (request.query.where === undefined) return refuseWithoutWhere(reply, 'DELETE', noun);
    const [query, selection] = queryOf(request.query);
    const result = await routes.remove(request.caller, query);
    return sendBulk(reply, result, 'delete', noun, result.docs.map((doc) => plainJson(doc, selection)));
  });
}
