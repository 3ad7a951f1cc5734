import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { registerErrorHandler } from '../../src/http/error-handler.js';
import { registerJsonBody } from '../../src/http/json-body.js';
import { parseQuery } from '../../src/http/parse-query.js';
import { registerRequestValidation, validatedByOperation } from '../../src/http/request-validation.js';
import { checkResponses } from '../../src/http/response-check.js';
import { listQuery } from '../../src/http/schemas/common.js';
import { productFields } from '../../src/domain/product-fields.js';
import { ErrorBodySchema } from '../../src/http/schemas/common.js';

type Errors = { errors: { field?: string; message: string }[] };
const fields = (body: string) => (JSON.parse(body) as Errors).errors.map((error) => error.field);

async function app() {
  const server = Fastify({ routerOptions: { querystringParser: parseQuery } });
  registerErrorHandler(server);
  registerRequestValidation(server);
  registerJsonBody(server);
  const seen: unknown[] = [];
  server.get('/list', { schema: { querystring: listQuery('products', productFields, 30) } }, async (request) => {
    seen.push(request.query);
    return request.query;
  });
  server.post('/strict', { schema: { body: Type.Object({ email: Type.String({ maxLength: 5 }), n: Type.Integer() }) } }, async (request) => request.body);
  server.post('/later', { schema: { body: validatedByOperation(Type.Object({ name: Type.String({ maxLength: 3 }) }, { additionalProperties: false })) } }, async (request) => ({ got: request.body ?? null }));
  await server.ready();
  return { server, seen };
}

describe('request validation from route schemas', () => {
  it('coerces and checks a query string, every problem named by the contract\'s field', async () => {
    const { server } = await app();
    const ok = await server.inject('/list?limit=30&page=2&pagination=false&depth=0&sort=-additional.price&where[basic.location][equals]=Brno');
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(JSON.parse(ok.body), { limit: 30, page: 2, pagination: false, depth: 0, sort: '-additional.price', where: { 'basic.location': { equals: 'Brno' } } });
    const bad = await server.inject('/list?limit=31&page=0&pagination=maybe&depth=x&sort=nope&where[nope][equals]=1&where[additional.price][less_than]=cheap');
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(new Set(fields(bad.body)), new Set(['limit', 'page', 'pagination', 'depth', 'sort', 'where.nope', 'where.additional.price']));
    const empty = await server.inject('/list?limit=&page=&sort=');
    assert.equal(empty.statusCode, 200, 'an empty value is an absent parameter');
    await server.close();
  });

  it('validates a query text once: requests sending the same text share its validated object', async () => {
    const { server, seen } = await app();
    await server.inject('/list?limit=5&where[id][equals]=a');
    await server.inject('/list?limit=5&where[id][equals]=a');
    assert.equal(seen.length, 2);
    assert.equal(seen[0], seen[1]);
    assert.ok(Object.isFrozen(seen[0]));
    await server.close();
  });

  it('validates a body with every error, an absent body naming each required field', async () => {
    const { server } = await app();
    const json = { 'content-type': 'application/json' };
    const bad = await server.inject({ method: 'POST', url: '/strict', headers: json, payload: '{"email":"too long","n":"1"}' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(fields(bad.body), ['email', 'n'], 'not coerced: "1" is not an integer');
    const none = await server.inject({ method: 'POST', url: '/strict' });
    assert.deepEqual(fields(none.body), ['email', 'n']);
    const array = await server.inject({ method: 'POST', url: '/strict', headers: json, payload: '[]' });
    assert.equal(array.statusCode, 400);
    await server.close();
  });

  it('leaves a document validated by its operation to the operation, but for being an object', async () => {
    const { server } = await app();
    const json = { 'content-type': 'application/json' };
    const passed = await server.inject({ method: 'POST', url: '/later', headers: json, payload: '{"name":"longer than three","extra":1}' });
    assert.equal(passed.statusCode, 200, 'access and hooks run first, then the operation validates');
    assert.equal((await server.inject({ method: 'POST', url: '/later' })).statusCode, 200);
    assert.equal((await server.inject({ method: 'POST', url: '/later', headers: json, payload: '"text"' })).statusCode, 400);
    await server.close();
  });
});

describe('response checking against route schemas', () => {
  it('reports a response that does not match its schema, and a status the route does not declare', async () => {
    const server = Fastify({ routerOptions: { querystringParser: parseQuery } });
    server.addSchema(ErrorBodySchema);
    // As the service does: bodies are written as they are, not through the schemas.
    server.setSerializerCompiler(() => (data) => JSON.stringify(data));
    const problems: string[] = [];
    checkResponses(server, [ErrorBodySchema], (problem) => problems.push(problem));
    const schema = { response: { 200: Type.Object({ id: Type.String(), price: Type.Number() }), 404: Type.Ref('ErrorBody') } };
    server.get('/good', { schema }, async () => ({ id: 'a', price: 1 }));
    server.get('/bad', { schema }, async () => ({ id: 'a', price: 'one' }));
    server.get('/missing', { schema }, async (_request, reply) => reply.code(404).send({ errors: [{ message: 'No.', code: 'NOT_FOUND' }] }));
    server.get('/teapot', { schema }, async (_request, reply) => (reply.code as (status: number) => typeof reply)(418).send({ errors: [{ message: 'Tea.' }] }));
    server.get('/selected', { schema }, async () => ({ id: 'a' }));
    await server.ready();
    for (const url of ['/good', '/bad', '/missing', '/teapot', '/selected?select[id]=true', '/selected']) await server.inject(url);
    assert.deepEqual(problems.map((problem) => problem.split(':')[0]), ['GET /bad → 200', 'GET /teapot → 418', 'GET /selected → 200']);
    await server.close();
  });
});
