import { unitNames } from '../domain/rental/units.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { depthOf, listQueryOf, type Depth, type ListParams, type ListQuery } from '../domain/list-query.js';
import { parseSelect, selected, type Selection } from '../domain/select.js';
import { productFields } from '../domain/product-fields.js';
import type { Services } from '../operations/context.js';
import { PRODUCTS, deleteProducts, updateProducts } from '../operations/products/bulk-change.js';
import { createProduct } from '../operations/products/create-product.js';
import { deleteProduct } from '../operations/products/delete-product.js';
import { readProduct } from '../operations/products/find-product.js';
import { countProducts, findProducts } from '../operations/products/find-products.js';
import { etagOf, ifNoneMatchSatisfied } from '../operations/products/etag.js';
import { runAction, selectedAction } from '../operations/products/run-action.js';
import { BUILT_IN_ACTIONS } from '../domain/built-in-actions.js';
import { updateProduct } from '../operations/products/update-product.js';
import type { WrittenProduct } from '../operations/products/render-one.js';
import { registerBulkRoutes } from './bulk-routes.js';
import { sendComposed } from './send-composed.js';
import { selectedPage, selectedProduct, textOf } from './select-response.js';
import { Remembered } from '../domain/remembered.js';
import { Type } from '@sinclair/typebox';
import { productInputSchema } from '../domain/product-schema.js';
import { IdParams, TotalDocsSchema, bearerSecurity, envelope, errorResponses, paginated } from './schemas/common.js';
import { actionBodySchema, ActionQuerySchema, ProductQuerySchema, productCountQuery, productListQuery } from './schemas/products.js';
import { validatedByOperation } from './request-validation.js';
import { Errors } from '../errors/codes.js';

type Query = Record<string, unknown>;
type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;

const JSON_TYPE = 'application/json; charset=utf-8';

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

/** `depth` and `select`, which the route's schema has checked. */
/** The If-Match header, when the request carries one: PATCH, DELETE and actions refuse a version the client has not seen (412). */
const ifMatchOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['if-match'];
  return typeof header === 'string' ? header : undefined;
};

const depthAndSelection = (query: Query): [Depth, Selection | undefined] => [depthOf(query.depth), parseSelect(query.select)];

/** A written product's JSON, narrowed when the request selects fields. */
const jsonOf = (product: WrittenProduct, selection: Selection | undefined): string | Buffer =>
  selection ? selectedProduct(product.json, selection) : product.json;

/** The same as text, for a bulk answer that joins many. */
const jsonTextOf = (product: WrittenProduct, selection: Selection | undefined): string => textOf(jsonOf(product, selection));

/** Where a created product is read. */
const locationOf = (product: WrittenProduct) => `/api/products/${encodeURIComponent(product.id)}`;

const DOC_OPEN = Buffer.from('{"doc":');
/** The bytes after the doc, one per message (the routes have two). */
const messageTails = new Remembered<string, Buffer>(16);

/**
 * Payload's `{doc, message}` around a written product's JSON. Kept bytes are copied into
 * the answer as bytes: decoded into a string (two bytes a character with any accent) they
 * were copied three times more on the heap (the text, its joining, its encoding for the
 * socket), ~12 % of what an update allocated.
 */
function sendWithMessage(reply: FastifyReply, status: number, json: string | Buffer, message: string): FastifyReply {
  reply.code(status).type(JSON_TYPE);
  if (typeof json === 'string') return reply.send(`{"doc":${json},"message":${JSON.stringify(message)}}`);
  const tail = messageTails.get(message, (text) => Buffer.from(`,"message":${JSON.stringify(text)}}`));
  return reply.send(Buffer.concat([DOC_OPEN, json, tail]));
}

/** Thin routes: parse, call one operation, serialise. */
export function productsRoutes(services: Services) {
  const listOptions = { maxLimit: services.config.products.maxLimit, defaultSort: '-createdAt' };
  // A query string's validated object is shared by the requests that send that text (parseQuery, request-validation.ts), so its list query is too.
  const listQueries = new WeakMap<Query, ListQuery>();
  const listQuery = (params: Query): ListQuery => {
    let query = listQueries.get(params);
    if (!query) {
      query = listQueryOf(params as ListParams, productFields, listOptions);
      listQueries.set(params, query);
    }
    return query;
  };
  const countQuery = (params: Query): ListQuery => {
    let query = listQueries.get(params);
    if (!query) {
      const { where, q, availableFrom, availableTo, reservedFrom, reservedTo } = params as ListParams;
      query = listQueryOf({ where, q, availableFrom, availableTo, reservedFrom, reservedTo }, productFields, listOptions);
      listQueries.set(params, query);
    }
    return query;
  };

  const product = Type.Ref('Product');
  const input = productInputSchema(unitNames(services.config.products.timeUnits));
  const tags = ['products'];
  const schemas = {
    list: { tags, summary: 'List products', security: bearerSecurity, querystring: productListQuery(listOptions.maxLimit), response: { 200: paginated(product), ...errorResponses(400, 401, 403) } },
    count: { tags, summary: 'Count products', security: bearerSecurity, querystring: productCountQuery(), response: { 200: TotalDocsSchema, ...errorResponses(400, 401, 403) } },
    read: {
      tags, summary: 'Read a product', security: bearerSecurity, params: IdParams, querystring: ProductQuerySchema,
      headers: Type.Object({ 'if-none-match': Type.Optional(Type.String()) }),
      response: { 200: product, 304: Type.Null({ description: 'Not modified (If-None-Match)' }), ...errorResponses(400, 401, 404) },
    },
    createWithId: {
      tags, summary: 'Create a product with this id, or run an action on it', security: bearerSecurity, params: IdParams, querystring: ActionQuerySchema,
      headers: Type.Object({ 'if-match': Type.Optional(Type.String({ description: 'An action on a version not seen is refused (412).' })) }),
      body: validatedByOperation(Type.Union([input, actionBodySchema([...BUILT_IN_ACTIONS, ...Object.keys(services.config.actions)])])),
      response: { 200: product, 201: product, ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415) },
    },
    create: { tags, summary: 'Create a product with a generated id', security: bearerSecurity, querystring: ProductQuerySchema, body: validatedByOperation(input), response: { 201: envelope(product), ...errorResponses(400, 401, 403, 405, 409, 413, 415) } },
    update: {
      tags, summary: 'Update a product (deep merge; null removes)', security: bearerSecurity, params: IdParams, querystring: ProductQuerySchema,
      headers: Type.Object({ 'if-match': Type.Optional(Type.String()) }),
      body: validatedByOperation(Type.Partial(input, { description: 'Any part of a product; merged into it, then validated as a whole.' })),
      response: { 200: envelope(product), ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415) },
    },
    remove: {
      tags, summary: 'Delete a product', security: bearerSecurity, params: IdParams, querystring: ProductQuerySchema,
      headers: Type.Object({ 'if-match': Type.Optional(Type.String()) }),
      response: { 200: envelope(product), ...errorResponses(400, 401, 403, 404, 412) },
    },
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/products', { schema: schemas.list }, async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const [query, selection] = [listQuery(request.query), parseSelect(request.query.select)];
      const body = await findProducts(services, request.caller, query);
      reply.code(200).type(JSON_TYPE);
      if (selection) return reply.send(selectedPage(body, selection));
      return typeof body === 'string' ? reply.send(body) : sendComposed(reply, body);
    });

    app.get('/api/products/count', { schema: schemas.count }, async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const query = countQuery(request.query);
      return reply.code(200).type(JSON_TYPE).send(await countProducts(services, request.caller, query));
    });

    app.get('/api/products/:id', { schema: schemas.read }, async (request: IdRequest, reply) => {
      const [depth, selection] = depthAndSelection(request.query);
      const read = await readProduct(services, request.caller, request.params.id, depth);
      // A selection is a representation of its own, with an ETag of its own.
      const body = selection ? selectedProduct(read.body, selection) : read.body;
      const etag = selection ? etagOf(body) : read.etag;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatchSatisfied(ifNoneMatch, etag)) return reply.code(304).send();
      return reply.code(200).type(JSON_TYPE).send(body);
    });

    app.post('/api/products/:id', { schema: schemas.createWithId }, async (request: IdRequest, reply) => {
      const [depth, selection] = depthAndSelection(request.query);
      const action = selectedAction(request.query.action, request.body);
      const { product, created } =
        action !== undefined
          ? await runAction(services, request.caller, request.params.id, action, request.body, depth, ifMatchOf(request))
          : await createProduct(services, request.caller, { id: request.params.id, body: request.body, depth });
      if (created) reply.header('location', locationOf(product));
      return reply.code(created ? 201 : 200).type(JSON_TYPE).send(jsonOf(product, selection));
    });

    app.post('/api/products', { schema: schemas.create }, async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      if (!services.config.products.createWithoutId) {
        throw Errors.CREATE_WITHOUT_ID_OFF();
      }
      const [depth, selection] = depthAndSelection(request.query);
      const { product } = await createProduct(services, request.caller, { body: request.body, depth });
      reply.header('location', locationOf(product));
      return sendWithMessage(reply, 201, jsonOf(product, selection), 'Product successfully created.');
    });

    app.patch('/api/products/:id', { schema: schemas.update }, async (request: IdRequest, reply) => {
      const [depth, selection] = depthAndSelection(request.query);
      const product = await updateProduct(services, request.caller, request.params.id, request.body, { ifMatch: ifMatchOf(request), depth });
      return sendWithMessage(reply, 200, jsonOf(product, selection), 'Updated successfully.');
    });

    registerBulkRoutes(app, {
      path: '/api/products', collection: 'products', tags, noun: PRODUCTS, fields: productFields, doc: product, query: ProductQuerySchema,
      body: validatedByOperation(Type.Partial(input, { description: 'Merged into each matching product, then validated as a whole.' })),
      update: (caller, query, body) => updateProducts(services, caller, query, body),
      remove: (caller, query) => deleteProducts(services, caller, query),
      updatedJson: jsonTextOf,
    });

    app.delete('/api/products/:id', { schema: schemas.remove }, async (request: IdRequest, reply) => {
      const [depth, selection] = depthAndSelection(request.query);
      const doc = await deleteProduct(services, request.caller, request.params.id, depth, ifMatchOf(request));
      return sendJson(reply, 200, { doc: selected(doc, selection), message: 'Deleted successfully.' });
    });
  };
}
