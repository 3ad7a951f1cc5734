import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

for (const dialect of dialects) {
  describe(`error shape for every failure (${dialect})`, () => {
    let server: TestServer;
    let token: string;

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.hooks.products.beforeChange = [
          ({ data }) => {
            if ((data.basic as { product_name?: string }).product_name === 'explode') throw new Error('secret internal detail: SELECT * FROM rents');
            return data;
          },
        ];
      });
      token = (await server.signUp()).token;
    });
    after(() => server.close());

    const json = { 'content-type': 'application/json' };

    it('malformed JSON → 400', async () => {
      const res = await server.http.request('POST', '/api/products/x1', { raw: '{"basic": {', token, headers: json });
      assert.equal(res.status, 400);
      errorFields(res.body);
    });

    it('unknown route → 404', async () => {
      for (const path of ['/api/nothing', '/api/products/a/b', '/', '/api']) {
        const res = await server.http.get(path);
        assert.equal(res.status, 404, path);
        errorFields(res.body);
      }
    });

    it('a path with a broken percent-encoding → 400 in the error shape, with the API headers', async () => {
      for (const path of ['/api/products/%zz', '/%zz', '/api/rentMedia/file/%E0%A4%A']) {
        const res = await server.http.request('GET', path, { token });
        assert.equal(res.status, 400, path);
        assert.deepEqual(errorFields(res.body), [undefined], path);
        assert.match(res.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      }
    });

    it('method not supported on an existing path → 405 with Allow', async () => {
      const put = await server.http.request('PUT', '/api/products/x1', { body: {}, token });
      assert.equal(put.status, 405);
      assert.match(put.headers.get('allow') ?? '', /GET/);
      assert.match(put.headers.get('allow') ?? '', /PATCH/);
      errorFields(put.body);
      const del = await server.http.request('DELETE', '/api/products', { token });
      assert.equal(del.status, 405, 'bulk deletes need a where');
      assert.equal(del.headers.get('allow'), 'GET, HEAD, POST');
      const putList = await server.http.request('PUT', '/api/products', { body: {}, token });
      assert.equal(putList.status, 405);
      assert.equal(putList.headers.get('allow'), 'GET, HEAD, POST, PATCH, DELETE');
      const putLogin = await server.http.request('PUT', '/api/rents/login', { body: {} });
      assert.equal(putLogin.status, 405);
      assert.match(putLogin.headers.get('allow') ?? '', /POST/);
      // A path of its own is not `/api/products/:id`: its Allow lists its own methods.
      for (const [path, allow] of [['/api/products/export', 'GET, HEAD'], ['/api/products/import', 'POST'], ['/api/products/count', 'GET, HEAD'], ['/api/rents/login', 'POST']]) {
        const res = await server.http.request('PUT', path as string, { body: {}, token });
        assert.equal(res.status, 405, path);
        assert.equal(res.headers.get('allow'), allow, path);
      }
      // …nor does a method it lacks fall to `/:id` (the account `login`, the product `import`).
      for (const [method, path, allow] of [['GET', '/api/rents/login', 'POST'], ['HEAD', '/api/rents/logout', 'POST'], ['GET', '/api/products/import', 'POST'], ['PATCH', '/api/rents/me', 'GET, HEAD'], ['DELETE', '/api/products/count', 'GET, HEAD']]) {
        const res = await server.http.request(method as string, path as string, { body: method === 'PATCH' ? { rentNameSystem: 'x' } : undefined, token });
        assert.equal(res.status, 405, `${method} ${path}`);
        assert.equal(res.headers.get('allow'), allow, `${method} ${path}`);
      }
      const countAsId = await server.http.request('POST', '/api/products/count', { body: { basic: { product_name: 'X' } }, token });
      assert.equal(countAsId.status, 400, 'creating a product with the id `count` stays a 400 (SPEC 3)');
    });

    it('an HTTP/1.1 request without Host → 400 in the error shape; HTTP/1.0 needs none', async () => {
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const { port } = new URL(server.url);
          const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
          let text = '';
          socket.on('data', (chunk) => (text += chunk.toString('utf8')));
          socket.on('end', () => resolve(text));
          socket.on('error', reject);
        });
      const missing = await raw('GET /api/products HTTP/1.1\r\nConnection: close\r\n\r\n');
      assert.match(missing, /^HTTP\/1\.1 400 /);
      assert.match(missing, /content-type: application\/json/i);
      const body = JSON.parse(missing.slice(missing.indexOf('\r\n\r\n') + 4)) as { errors: { message: string }[] };
      assert.match(body.errors[0]?.message ?? '', /Host/);
      assert.match(await raw('GET /api/products HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'), /^HTTP\/1\.1 200 /);
      assert.match(await raw('GET /api/products HTTP/1.0\r\n\r\n'), /^HTTP\/1\.1 200 /);
    });

    it('body over 1 MiB → 413', async () => {
      const big = JSON.stringify({ basic: { product_name: 'X' }, seo: { blob: 'x'.repeat(1024 * 1024) } });
      const res = await server.http.request('POST', '/api/products/big', { raw: big, token, headers: json });
      assert.equal(res.status, 413);
      errorFields(res.body);
    });

    it('a body that is not JSON → 415', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const res = await server.http.request('POST', '/api/products/x2', { raw: 'basic=1', token, headers: { 'content-type': type } });
        assert.equal(res.status, 415, type);
        errorFields(res.body);
      }
      const none = await server.http.request('POST', '/api/products/x2', { raw: '{"basic":{"product_name":"X"}}', token, headers: { 'content-type': '' } });
      assert.ok(none.status === 415 || none.status === 400, String(none.status));
    });

    it('deeply nested JSON → 400, server alive', async () => {
      const deep = `${'{"a":'.repeat(10000)}1${'}'.repeat(10000)}`;
      const res = await server.http.request('POST', '/api/products/deep', { raw: `{"basic":{"product_name":"X"},"seo":${deep}}`, token, headers: json });
      assert.equal(res.status, 400);
      errorFields(res.body);
      assert.equal((await server.http.get('/health')).status, 200);
    });

    it('an unexpected fault → 500 with a generic message and nothing stored', async () => {
      const res = await server.http.post('/api/products/boom', { basic: { product_name: 'explode' } }, token);
      assert.equal(res.status, 500);
      errorFields(res.body);
      assert.doesNotMatch(res.text, /secret|SELECT|at .*\.ts/);
      assert.equal((await server.http.get('/api/products/boom', token)).status, 404);
    });

    it('names each failure with its code, beside the contract\'s message and field', async () => {
      const codes = async (res: { status: number; body: unknown }) => ((res.body as { errors: { code: string; field?: string }[] }).errors).map(({ code, field }) => (field ? `${code} ${field}` : code));
      const created = await server.http.post('/api/products/coded', { basic: { product_name: 'Coded' }, settings: { slug: 'coded' } }, token);
      assert.equal(created.status, 201);
      const cases: [Promise<{ status: number; body: unknown }>, number, string[]][] = [
        [server.http.get('/api/products/nothing-here'), 404, ['PRODUCT_NOT_FOUND']],
        [server.http.post('/api/products/coded', { basic: { product_name: 'Again' } }, token), 409, ['PRODUCT_ID_TAKEN id']],
        [server.http.post('/api/products/other', { basic: { product_name: 'Other' }, settings: { slug: 'coded' } }, token), 409, ['SLUG_TAKEN settings.slug']],
        [server.http.post('/api/products/other', { basic: {}, colour: 'red', additional: { price: -1 } }, token), 400, ['FIELD_UNKNOWN colour', 'FIELD_REQUIRED basic.product_name', 'FIELD_INVALID additional.price']],
        [server.http.post('/api/products/other', { basic: { product_name: 'X', rent_owner: 'nobody' } }, token), 400, ['UNKNOWN_OWNER basic.rent_owner']],
        [server.signUp().then((another) => server.http.post('/api/products/other', { basic: { product_name: 'X', rent_owner: another.id } }, token)), 403, ['OWNER_NOT_SELF']],
        [server.http.post('/api/products/other', { basic: { product_name: 'X' }, gallery: { images: ['no-such-image'] } }, token), 400, ['UNKNOWN_MEDIA gallery.images.0']],
        [server.http.post('/api/products/other', { basic: { product_name: 'X' } }), 401, ['UNAUTHORIZED']],
        // Anonymous changes are refused alike whether the document exists or not: the answer tells no ids.
        [server.http.patch('/api/products/nothing-here', { internal_name: 'x' }), 401, ['UNAUTHORIZED']],
        [server.http.patch('/api/products/coded', { internal_name: 'x' }), 401, ['UNAUTHORIZED']],
        [server.http.delete('/api/products/nothing-here'), 401, ['UNAUTHORIZED']],
        [server.http.post('/api/products/nothing-here', { action: 'publish' }), 401, ['UNAUTHORIZED']],
        [server.http.delete('/api/rentMedia/000000000000000000000000'), 401, ['UNAUTHORIZED']],
        [server.http.patch('/api/webhooks/000000000000000000000000', { description: 'x' }), 401, ['UNAUTHORIZED']],
        [server.http.patch('/api/calendars/000000000000000000000000', { name: 'x' }), 401, ['UNAUTHORIZED']],
        [server.http.delete('/api/calendars/000000000000000000000000'), 401, ['UNAUTHORIZED']],
        [server.http.post('/api/calendars/000000000000000000000000', { action: 'sync' }), 401, ['UNAUTHORIZED']],
        [server.http.patch('/api/rents/000000000000000000000000', { rentNameSystem: 'x' }), 401, ['UNAUTHORIZED']],
        [server.http.delete('/api/rents/000000000000000000000000'), 401, ['UNAUTHORIZED']],
        [server.http.post('/api/rents/000000000000000000000000/calendar-token'), 401, ['UNAUTHORIZED']],
        [server.http.patch('/api/products/nothing-here', { internal_name: 'x' }, token), 404, ['PRODUCT_NOT_FOUND']],
        [server.http.patch('/api/products/coded', {}, token), 400, ['EMPTY_PATCH']],
        [server.http.get('/api/products?where[nope][equals]=1&limit=0'), 400, ['FIELD_INVALID limit', 'FIELD_INVALID where.nope']],
        [server.http.get('/api/nowhere'), 404, ['ROUTE_NOT_FOUND']],
        [server.http.request('PUT', '/api/products/coded', { body: {}, token }), 405, ['METHOD_NOT_ALLOWED']],
        [server.http.request('POST', '/api/products/x3', { raw: '{"basic":', token, headers: json }), 400, ['INVALID_JSON']],
        [server.http.request('POST', '/api/products/x3', { raw: Buffer.from([...Buffer.from('{"basic":{"product_name":"Vrta'), 0xe8, ...Buffer.from('ka"}}')]), token, headers: json }), 400, ['BODY_NOT_UTF8']],
        [server.http.request('POST', '/api/products/x3', { raw: '{"seo":{"__proto__":{}}}', token, headers: json }), 400, ['FORBIDDEN_KEY seo.__proto__']],
        [server.http.request('POST', '/api/products/x3', { raw: 'x', token, headers: { 'content-type': 'text/plain' } }), 415, ['UNSUPPORTED_MEDIA_TYPE']],
        [server.http.request('PATCH', '/api/products/coded', { body: { internal_name: 'x' }, token, headers: { 'if-match': '"stale"' } }), 412, ['ETAG_MISMATCH']],
        [server.http.post('/api/rents/login', { email: 'nobody@example.com', password: 'wrong password' }), 401, ['WRONG_CREDENTIALS']],
      ];
      for (const [request, status, expected] of cases) {
        const res = await request;
        assert.equal(res.status, status, JSON.stringify(res.body));
        assert.deepEqual(await codes(res), expected);
      }
    });

    it('health and readiness', async () => {
      assert.deepEqual((await server.http.get('/health')).body, { status: 'ok' });
      assert.deepEqual((await server.http.get('/ready')).body, { status: 'ready' });
    });
  });
}
