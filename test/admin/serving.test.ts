import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { rawGet } from '../helpers/http.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { ensureDashboardBuilt } from './helpers/dashboard.js';

/** GET /admin and its assets, over HTTP: what the service sends and how browsers may keep it. */
describe('the dashboard is served at /admin', () => {
  let server: TestServer;
  let html: string;

  before(async () => {
    await ensureDashboardBuilt();
    server = await startServer('sqlite');
    html = (await server.http.get('/admin')).text;
  });
  after(() => server.close());

  const assets = () => [...html.matchAll(/(?:src|href)="(\/admin\/assets\/[^"]+)"/g)].map((match) => match[1] as string);

  it('answers index.html for /admin and every client-side route under it, never cached, under a strict CSP', async () => {
    for (const path of ['/admin', '/admin/', '/admin/products', '/admin/products/abc/calendar?month=2026-12', '/admin/sign-in']) {
      const res = await server.http.get(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html; charset=utf-8/);
      assert.equal(res.headers.get('cache-control'), 'no-store', path);
      assert.equal(res.text, html);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /(^|; )script-src 'self'(;|$)/);
      assert.match(csp, /(^|; )style-src 'self'(;|$)/);
      assert.match(csp, /(^|; )default-src 'none'/);
      assert.match(csp, /(^|; )frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  it('has no inline script or style: every script and stylesheet is a hashed asset', () => {
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    assert.doesNotMatch(html, /<style|\sstyle=/, 'no inline style');
    assert.ok(assets().length >= 2);
    for (const asset of assets()) assert.match(asset, /\/admin\/assets\/[\w-]+-[A-Z0-9]{8}\.(js|css)$/);
  });

  it('sends the hashed assets cached for a year as immutable, compressed as the client accepts', async () => {
    for (const asset of assets()) {
      const plain = await rawGet(server.url, asset);
      assert.equal(plain.status, 200, asset);
      assert.match(String(plain.headers['cache-control']), /max-age=31536000/);
      assert.match(String(plain.headers['cache-control']), /immutable/);
      assert.equal(plain.headers['content-encoding'], undefined);
      const gzipped = await rawGet(server.url, asset, { 'accept-encoding': 'gzip' });
      assert.equal(gzipped.headers['content-encoding'], 'gzip');
      assert.deepEqual(gunzipSync(gzipped.body), plain.body);
      const brotli = await rawGet(server.url, asset, { 'accept-encoding': 'br, gzip' });
      assert.equal(brotli.headers['content-encoding'], 'br');
      assert.ok(brotli.body.length < plain.body.length);
    }
  });

  it('an unknown asset is a 404 in the error shape, not the page', async () => {
    for (const path of ['/admin/assets/main-NOTTHERE.js', '/admin/assets/nothing.js']) {
      const res = await server.http.get<{ errors: { message: string }[] }>(path);
      assert.equal(res.status, 404, path);
      assert.ok(res.body.errors[0]?.message);
    }
    for (const path of ['/admin/assets/%2e%2e/%2e%2e/package.json', '/admin/assets/..%2f..%2fpackage.json', '/admin/assets/../index.html']) {
      const res = await rawGet(server.url, path);
      assert.equal(res.status, 404, `${path}: a path that names no file is a 404, not an access rule's 403`);
      assert.doesNotMatch(res.body.toString(), /rental-catalogue-service|<html/);
    }
  });

  it('another method than GET on a dashboard path is a 405 with Allow (SPEC 1)', async () => {
    for (const [method, path] of [['POST', '/admin'], ['DELETE', '/admin/products'], ['PUT', '/admin/assets/nothing.js']] as const) {
      const res = await server.http.request<{ errors: { message: string }[] }>(method, path);
      assert.equal(res.status, 405, `${method} ${path}`);
      assert.equal(res.headers.get('allow'), 'GET, HEAD');
      assert.ok(res.body.errors[0]?.message);
    }
  });

  it('takes no session and sets no cookie: the page asks the API who is signed in', async () => {
    const res = await server.http.get('/admin/products');
    assert.equal(res.headers.get('set-cookie'), null);
  });
});
