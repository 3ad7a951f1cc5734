import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Endpoints } from '../../bench/probe.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe('the benchmark finds the endpoints a service has', () => {
  let server: TestServer;
  let endpoints: Endpoints;
  before(async () => {
    server = await startServer('sqlite');
    endpoints = await Endpoints.of(server.url);
  });
  after(() => server.close());

  it('from the OpenAPI document', async () => {
    assert.equal(await endpoints.has('GET', '/api/products/{id}'), true);
    assert.equal(await endpoints.has('POST', '/api/products/{id}'), true);
  });

  it('by asking, for a route the document does not list', async () => {
    assert.equal(await endpoints.has('GET', '/api/openapi.json', '/api/openapi.json'), true);
    assert.equal(await endpoints.has('GET', '/api/products/{id}/no-such-thing', '/api/products/x/no-such-thing'), false);
    assert.equal(await endpoints.has('POST', '/api/no-such-collection', '/api/no-such-collection'), false);
  });

  it('never by asking where a parameter route would answer in its place', async () => {
    assert.equal(await endpoints.has('POST', '/api/products/no-such-action'), false);
  });
});
