import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseDepth, parseListQuery } from '../domain/list-query.js';
import { productFields } from '../domain/product-fields.js';
import type { Services } from '../operations/context.js';
import { createProduct } from '../operations/products/create-product.js';
import { deleteProduct } from '../operations/products/delete-product.js';
import { findProductById } from '../operations/products/find-product.js';
import { countProducts, findProducts } from '../operations/products/find-products.js';
import { etagOf } from '../operations/products/etag.js';
import { runAction, selectedAction } from '../operations/products/run-action.js';
import { updateProduct } from '../operations/products/update-product.js';
import { sendErrors } from './error-handler.js';

type Query = Record<string, unknown>;
type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;

const JSON_TYPE = 'application/json; charset=utf-8';

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

/** Thin routes: parse, call one operation, serialise. */
export function productsRoutes(services: Services) {
  const listOptions = { maxLimit: services.config.products.maxLimit, defaultSort: '-createdAt' };

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/products', async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const query = parseListQuery(request.query, productFields, listOptions);
      return sendJson(reply, 200, await findProducts(services, request.caller, query));
    });

    app.get('/api/products/count', async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const query = parseListQuery(request.query, productFields, listOptions);
      return sendJson(reply, 200, await countProducts(services, request.caller, query));
    });

    app.get('/api/products/:id', async (request: IdRequest, reply) => {
      const doc = await findProductById(services, request.caller, request.params.id, parseDepth(request.query.depth));
      const body = JSON.stringify(doc);
      const etag = etagOf(body);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
        return reply.code(304).send();
      }
      return reply.code(200).type(JSON_TYPE).send(body);
    });

    app.post('/api/products/:id', async (request: IdRequest, reply) => {
      const depth = parseDepth(request.query.depth);
      const action = selectedAction(request.query.action, request.body);
      if (action !== undefined) {
        const result = await runAction(services, request.caller, request.params.id, action, request.body, depth);
        if (result.created) reply.header('location', `/api/products/${encodeURIComponent(String(result.doc.id))}`);
        return sendJson(reply, result.created ? 201 : 200, result.doc);
      }
      const { doc, created } = await createProduct(services, request.caller, { id: request.params.id, body: request.body, depth });
      if (created) reply.header('location', `/api/products/${encodeURIComponent(String(doc.id))}`);
      return sendJson(reply, created ? 201 : 200, doc);
    });

    app.post('/api/products', async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      if (!services.config.products.createWithoutId) {
        return sendErrors(reply, 405, [{ message: 'Products are created with POST /api/products/:id in this installation.' }], { allow: 'GET, HEAD' });
      }
      const { doc } = await createProduct(services, request.caller, { body: request.body, depth: parseDepth(request.query.depth) });
      reply.header('location', `/api/products/${encodeURIComponent(String(doc.id))}`);
      return sendJson(reply, 201, { doc, message: 'Product successfully created.' });
    });

    app.patch('/api/products/:id', async (request: IdRequest, reply) => {
      const ifMatch = request.headers['if-match'];
      const doc = await updateProduct(services, request.caller, request.params.id, request.body, {
        ifMatch: typeof ifMatch === 'string' ? ifMatch : undefined,
        depth: parseDepth(request.query.depth),
      });
      return sendJson(reply, 200, { doc, message: 'Updated successfully.' });
    });

    app.delete('/api/products/:id', async (request: IdRequest, reply) => {
      const doc = await deleteProduct(services, request.caller, request.params.id, parseDepth(request.query.depth));
      return sendJson(reply, 200, { doc, message: 'Deleted successfully.' });
    });
  };
}
