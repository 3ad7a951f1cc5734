import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { databaseDigest } from '../helpers/digest.js';
import { errorFields, rawGet } from '../helpers/http.js';

/** Attacks, each a test. Token forgery, lockout, traversal and body bombs have their own files. */
for (const dialect of dialects) {
  describe(`security (${dialect})`, () => {
    let server: TestServer;
    let victim: { id: string; token: string };
    let attacker: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      victim = await server.signUp();
      attacker = await server.signUp();
      await server.http.post('/api/products/secret-1', { basic: { product_name: 'Tajný prototyp', location: 'Trezor' } }, victim.token);
      await server.http.post('/api/products/public-1', { basic: { product_name: 'Veřejná vrtačka' }, settings: { published: true } }, victim.token);
    });
    after(() => server.close());

    it("never shows another owner's unpublished product, however it is asked for", async () => {
      const token = attacker.token;
      assert.equal((await server.http.get('/api/products/secret-1', token)).status, 404);
      const probes = [
        '/api/products?where[id][equals]=secret-1', '/api/products?q=prototyp', '/api/products?where[basic.location][like]=trezor',
        '/api/products?where[or][0][settings.published][equals]=false&where[or][1][id][equals]=secret-1',
        `/api/products?where[basic.rent_owner][equals]=${victim.id}&where[settings.published][equals]=false`,
      ];
      for (const probe of probes) {
        const list = await server.http.get<{ docs: { id: string }[]; totalDocs: number }>(probe, token);
        assert.equal(list.status, 200, probe);
        assert.ok(!list.body.docs.some((doc) => doc.id === 'secret-1'), probe);
        const count = await server.http.get<{ totalDocs: number }>(probe.replace('/api/products?', '/api/products/count?'), token);
        assert.equal(count.body.totalDocs, list.body.totalDocs, probe);
      }
      for (const [method, path, body] of [
        ['PATCH', '/api/products/secret-1', { basic: { product_name: 'Mine now' } }],
        ['DELETE', '/api/products/secret-1', undefined],
        ['POST', '/api/products/secret-1?action=publish', undefined],
        ['POST', '/api/products/secret-1', { action: 'duplicate', newId: 'stolen' }],
      ] as const) {
        const res = await server.http.request(method, path, { body, token });
        assert.equal(res.status, 404, `${method} ${path}`);
      }
      assert.equal((await server.http.get('/api/products/stolen', token)).status, 404);
    });

    it('refuses to take over products or accounts', async () => {
      assert.equal((await server.http.patch('/api/products/public-1', { basic: { product_name: 'Mine' } }, attacker.token)).status, 403);
      assert.equal((await server.http.patch('/api/products/public-1', { basic: { rent_owner: attacker.id } }, attacker.token)).status, 403);
      assert.equal((await server.http.post('/api/products/planted', { basic: { product_name: 'X', rent_owner: victim.id } }, attacker.token)).status, 403);
      assert.equal((await server.http.patch(`/api/rents/${victim.id}`, { rentNameSystem: 'Hacked' }, attacker.token)).status, 403);
      assert.equal((await server.http.patch(`/api/rents/${attacker.id}`, { roles: ['admin'] }, attacker.token)).status, 403);
      assert.equal((await server.http.post('/api/rents', { email: 'new@example.com', password: 'long enough', rentNameSystem: 'X', roles: ['admin'] }, attacker.token)).status, 403);
      const password = await server.http.patch(`/api/rents/${victim.id}`, { password: 'attacker-chosen' }, attacker.token);
      assert.equal(password.status, 403);
    });

    it('locks out password guessing (default: 5 failures)', async () => {
      const email = 'guessed@example.com';
      await server.createAccount({ email, password: 'the real password' });
      const statuses: number[] = [];
      for (const guess of ['123456', 'password', 'qwerty', 'letmein', 'admin123', 'the real password']) {
        statuses.push((await server.http.post('/api/rents/login', { email, password: guess })).status);
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    });

    it('SQL injection in every query parameter, path and header changes nothing', async () => {
      const before = await databaseDigest(server.databaseUrl);
      const payloads = ["' OR '1'='1", "1; DROP TABLE products; --", '1) UNION SELECT password_hash FROM rents --', '"; DELETE FROM rents; --', '%27%20OR%201=1'];
      for (const payload of payloads) {
        const value = encodeURIComponent(payload);
        const paths = [
          ...['limit', 'page', 'depth', 'sort', 'q', 'availableFrom', 'availableTo', 'where'].map((param) => `/api/products?${param}=${value}`),
          `/api/products?where[${value}][equals]=1`, `/api/products?where[id][${value}]=1`, `/api/products?where[id][in]=${value}`,
          `/api/products/count?where[basic.location][like]=${value}`, `/api/products/${value}`, `/api/rents/${value}`, `/api/rentMedia/${value}`,
          `/api/rentMedia?where[filename][contains]=${value}&sort=${value}`,
        ];
        for (const path of paths) {
          const res = await server.http.get(path, attacker.token, { 'if-none-match': payload.replace(/[^\x20-\x7e]/g, '') });
          assert.ok(res.status === 200 || res.status === 400 || res.status === 404, `${path} → ${res.status}`);
          assert.doesNotMatch(res.text, /\$argon2|SQLITE_|syntax error|at character|relation "/i, path);
        }
        const action = await server.http.post(`/api/products/public-1?action=${value}`, undefined, victim.token);
        assert.equal(action.status, 400);
        const login = await server.http.post('/api/rents/login', { email: payload, password: payload });
        assert.ok(login.status === 400 || login.status === 401, String(login.status));
      }
      assert.equal(await databaseDigest(server.databaseUrl), before);
    });

    it('refuses header injection through ids', async () => {
      const res = await rawGet(server.url, '/api/products/a%0d%0aX-Injected:%20yes');
      assert.equal(res.status, 404);
      assert.equal(res.headers['x-injected'], undefined);
      const create = await server.http.post('/api/products/a%0d%0aSet-Cookie:%20x=1', { basic: { product_name: 'X' } }, victim.token);
      assert.equal(create.status, 400);
      assert.equal(create.headers.get('set-cookie'), null);
      const duplicate = await server.http.post('/api/products/public-1', { action: 'duplicate', newId: 'x\r\nLocation: https://evil.example' }, victim.token);
      assert.equal(duplicate.status, 400);
      assert.deepEqual(errorFields(duplicate.body), ['newId']);
    });

    it('sends the API security headers, no x-powered-by, and no CORS grant by default', async () => {
      for (const path of ['/api/products', '/api/products/nope', '/api/rentMedia/file/nope.png', '/api/openapi.json']) {
        const res = await rawGet(server.url, path, { origin: 'https://evil.example' });
        assert.equal(res.headers['x-powered-by'], undefined, path);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', path);
        assert.equal(res.headers['x-frame-options'], 'DENY', path);
        assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', path);
        assert.equal(res.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'", path);
        assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin', path);
        assert.equal(res.headers['access-control-allow-origin'], undefined, path);
      }
    });

    it('sends helmet\'s full set with the docs page, which is HTML', async () => {
      const res = await rawGet(server.url, '/api/docs');
      assert.equal(res.status, 200);
      assert.match(String(res.headers['content-type']), /text\/html/);
      for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-permitted-cross-domain-policies']) {
        assert.ok(res.headers[name], name);
      }
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
      // swagger-ui's own policy, which lets its scripts and styles run.
      assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
    });
  });
}

describe('CORS as configured', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.cors = { origins: ['https://shop.example'] };
    });
  });
  after(() => server.close());

  it('grants configured origins only, preflights included', async () => {
    const allowed = await rawGet(server.url, '/api/products', { origin: 'https://shop.example' });
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://shop.example');
    assert.match(String(allowed.headers['access-control-expose-headers']), /ETag/);
    const denied = await rawGet(server.url, '/api/products', { origin: 'https://evil.example' });
    assert.equal(denied.headers['access-control-allow-origin'], undefined);
    const preflight = await fetch(`${server.url}/api/products/x`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /PATCH/);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/i);
  });

  it('answers an OPTIONS that is no preflight without a plain-text error', async () => {
    for (const headers of [{}, { origin: 'https://shop.example' }] as Record<string, string>[]) {
      const res = await fetch(`${server.url}/api/products`, { method: 'OPTIONS', headers });
      assert.equal(res.status, 204, JSON.stringify(headers));
      assert.equal(await res.text(), '');
    }
  });
});
