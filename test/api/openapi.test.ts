import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { chromium, type Browser } from 'playwright-core';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { openStorage } from '../../src/storage/storage.js';
import { TEST_SECRET, startServer, type TestServer } from '../helpers/server.js';

type OpenApi = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown; parameters?: { name: string; in: string }[] }>> };

const CHROMIUM = '/usr/bin/chromium';

/** 500 on every operation, 503 on all but /health, and 429 on the API's exactly when rate limits are on (login keeps its own). */
function assertSharedErrors(document: OpenApi, { rateLimited }: { rateLimited: boolean }): void {
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method} ${path}`;
      assert.ok(operation.responses['500'], `${where} documents 500`);
      assert.equal(Boolean(operation.responses['503']), path !== '/health', `${where}: 503`);
      const ownLimit = path === '/api/rents/login' || path === '/api/rents/forgot-password' || path === '/api/rents/reset-password';
      if (!ownLimit) assert.equal(Boolean(operation.responses['429']), rateLimited && path.startsWith('/api/'), `${where}: 429`);
    }
  }
}

describe('OpenAPI document and docs page', () => {
  let server: TestServer;
  let document: OpenApi;

  before(async () => {
    server = await startServer('sqlite');
    document = (await server.http.get<OpenApi>('/api/openapi.json')).body;
  });
  after(() => server.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    assert.equal(document.openapi, '3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0]);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
  });

  it('lists every registered route with its parameters, bodies and error responses', async () => {
    const expected: [string, string][] = [
      ['get', '/api/products'], ['post', '/api/products'], ['patch', '/api/products'], ['delete', '/api/products'], ['get', '/api/products/count'],
      ['get', '/api/products/export'], ['post', '/api/products/import'],
      ['get', '/api/products/{id}'], ['post', '/api/products/{id}'], ['patch', '/api/products/{id}'], ['delete', '/api/products/{id}'],
      ['post', '/api/rents/login'], ['get', '/api/rents/me'], ['post', '/api/rents/refresh'], ['post', '/api/rents/refresh-token'], ['post', '/api/rents/logout'], ['post', '/api/rents/unlock'], ['post', '/api/rents/forgot-password'], ['post', '/api/rents/reset-password'],
      ['get', '/api/rents'], ['get', '/api/rents/count'], ['post', '/api/rents'], ['patch', '/api/rents'], ['delete', '/api/rents'], ['get', '/api/rents/{id}'], ['patch', '/api/rents/{id}'], ['delete', '/api/rents/{id}'],
      ['post', '/api/rentMedia'], ['get', '/api/rentMedia'], ['get', '/api/rentMedia/count'], ['patch', '/api/rentMedia'], ['delete', '/api/rentMedia'], ['get', '/api/rentMedia/{id}'], ['patch', '/api/rentMedia/{id}'], ['delete', '/api/rentMedia/{id}'],
      ['get', '/api/rentMedia/file/{filename}'], ['get', '/health'], ['get', '/ready'],
      ['get', '/api/products/{id}/calendar.ics'], ['get', '/api/rents/{id}/calendar.ics'], ['post', '/api/rents/{id}/calendar-token'],
      ['post', '/api/calendars'], ['get', '/api/calendars'], ['get', '/api/calendars/count'], ['get', '/api/calendars/{id}'], ['patch', '/api/calendars/{id}'], ['delete', '/api/calendars/{id}'], ['post', '/api/calendars/{id}'],
      ['get', '/api/products/{id}/quote'], ['get', '/api/products/{id}/availability'],
      ['post', '/api/bookings'], ['get', '/api/bookings'], ['get', '/api/bookings/count'], ['get', '/api/bookings/export'], ['get', '/api/bookings/{id}'], ['post', '/api/bookings/{id}'],
      ['post', '/api/webhooks'], ['get', '/api/webhooks'], ['get', '/api/webhooks/count'], ['get', '/api/webhooks/{id}'], ['patch', '/api/webhooks/{id}'], ['delete', '/api/webhooks/{id}'], ['get', '/api/webhooks/{id}/deliveries'],
      ['get', '/api/events'],
    ];
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    for (const [method, path] of expected) assert.ok(documented.includes(`${method} ${path}`), `${method} ${path} is documented`);
    assert.equal(documented.length, expected.length, `no undocumented extras: ${documented.join(', ')}`);
    // And every route the app registers (but HEAD twins and the documentation's own routes) is in it.
    const dataDir = mkdtempSync(join(tmpdir(), 'rental-routes-'));
    const storage = await openStorage('file::memory:', dataDir);
    const { app, routes } = await buildApp({ config: defaultConfig(), storage, secret: TEST_SECRET, dataDir });
    await app.ready();
    assertSharedErrors(app.swagger() as unknown as OpenApi, { rateLimited: true });
    const registered = routes.filter((route) => route.method !== 'HEAD' && !route.hidden);
    assert.ok(registered.length >= expected.length);
    for (const route of registered) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      assert.ok(documented.includes(`${route.method.toLowerCase()} ${path}`), `${route.method} ${route.url} is registered but not documented`);
    }
    await app.close();
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
    const list = document.paths['/api/products']?.get;
    for (const name of ['limit', 'page', 'sort', 'where', 'q', 'availableFrom', 'availableTo', 'depth']) {
      assert.ok(list?.parameters?.some((p) => p.name === name && p.in === 'query'), `list has ${name}`);
    }
    const create = document.paths['/api/products/{id}']?.post;
    assert.ok(create?.requestBody);
    for (const status of ['200', '201', '400', '401', '403', '404', '409']) assert.ok(create?.responses[status], `create documents ${status}`);
    assert.ok(document.paths['/api/products/{id}']?.patch?.responses['412']);
    assert.ok(document.paths['/api/rents/login']?.post?.responses['429']);
    // The events' payloads: one entry per type in the webhooks section of OpenAPI 3.1.
    const webhooks = (document as unknown as { webhooks: Record<string, { post: { requestBody: unknown } }> }).webhooks;
    assert.ok(webhooks['product.created']?.post.requestBody && webhooks['booking.requested'] && webhooks['calendar.failed']);
    assert.equal(Object.keys(webhooks).length, 14);
    assertSharedErrors(document, { rateLimited: false });
  });

  it('shows the configured limits and the fields where and sort take', async () => {
    const configured = await startServer('sqlite', (config) => {
      config.products.maxLimit = 25;
      config.products.timeUnits = ['day', 'night'];
    });
    try {
      type Parameter = { name: string; schema: { maximum?: number; default?: number }; description?: string };
      const doc = (await configured.http.get<OpenApi & { components: { schemas: Record<string, unknown> } }>('/api/openapi.json')).body;
      for (const path of ['/api/products', '/api/rents', '/api/rentMedia']) {
        const limit = (doc.paths[path]?.get?.parameters as unknown as Parameter[] | undefined)?.find((p) => p.name === 'limit');
        assert.equal(limit?.schema.maximum, 25, path);
        assert.match(limit?.description ?? '', /1 to 25/);
      }
      const parameters = doc.paths['/api/products']?.get?.parameters as unknown as Parameter[];
      assert.match(parameters.find((p) => p.name === 'where')?.description ?? '', /additional\.price.*settings\.published/);
      assert.match(parameters.find((p) => p.name === 'sort')?.description ?? '', /Sortable: .*additional\.price/);
      const body = JSON.stringify(doc.paths['/api/products']?.post?.requestBody);
      assert.match(body, /"enum":\["day","night"\]/);
      // And the limit holds as documented.
      assert.equal((await configured.http.get('/api/products?limit=25')).status, 200);
      assert.equal((await configured.http.get('/api/products?limit=26')).status, 400);
    } finally {
      await configured.close();
    }
  });

  it('the docs page lists the product endpoints in a real browser', { skip: !existsSync(CHROMIUM) && `${CHROMIUM} is not installed` }, async () => {
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      const page = await browser.newPage();
      await page.goto(`${server.url}/api/docs`);
      await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
      const paths = await page.$$eval('.opblock-summary-path', (nodes) => nodes.map((node) => node.textContent?.replace(/\u200b/g, '').trim()));
      for (const path of ['/api/products', '/api/products/{id}', '/api/products/count']) assert.ok(paths.includes(path), `${path} in ${paths.join(', ')}`);
    } finally {
      await browser?.close();
    }
  });
});
