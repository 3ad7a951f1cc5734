import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

for (const dialect of dialects) {
  describe(`cookie sessions and CSRF (${dialect})`, () => {
    let server: TestServer;
    const email = 'cookie@example.com';
    const password = 'correct horse battery';

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.auth.cookies = true;
        config.auth.csrf = ['https://shop.example'];
      });
      await server.createAccount({ email, password });
    });
    after(() => server.close());

    async function cookieLogin(): Promise<string> {
      const res = await server.http.post('/api/rents/login', { email, password });
      const setCookie = res.headers.get('set-cookie') ?? '';
      assert.match(setCookie, /^rental-token=[^;]+/);
      assert.match(setCookie, /HttpOnly/i);
      assert.match(setCookie, /SameSite=Lax/i);
      assert.match(setCookie, /Secure/i);
      return setCookie.split(';')[0] as string;
    }

    it('login sets an httpOnly cookie that authenticates every endpoint', async () => {
      const cookie = await cookieLogin();
      const me = await server.http.get<{ user: { email: string } | null }>('/api/rents/me', undefined, { cookie });
      assert.equal(me.body.user?.email, email);
      const own = new URL(server.url).origin;
      const create = await server.http.post('/api/products/cookie-1', { basic: { product_name: 'Cookie' } }, undefined, { cookie, origin: own });
      assert.equal(create.status, 201, create.text);
      const noOrigin = await server.http.post('/api/products/cookie-2', { basic: { product_name: 'Cookie' } }, undefined, { cookie });
      assert.equal(noOrigin.status, 201, 'a request without Origin is not a browser cross-site request');
      const allowed = await server.http.patch('/api/products/cookie-1', { basic: { location: 'Brno' } }, undefined, { cookie, origin: 'https://shop.example' });
      assert.equal(allowed.status, 200);
      const refreshed = await server.http.post('/api/rents/refresh', undefined, undefined, { cookie, origin: own });
      assert.equal(refreshed.status, 200);
      assert.match(refreshed.headers.get('set-cookie') ?? '', /^rental-token=/);
    });

    it('refuses cookie-authenticated writes from a foreign Origin (403)', async () => {
      const cookie = await cookieLogin();
      for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }] as Record<string, string>[]) {
        const res = await server.http.post('/api/products/csrf', { basic: { product_name: 'CSRF' } }, undefined, { cookie, ...headers });
        assert.equal(res.status, 403, JSON.stringify(headers));
        const del = await server.http.delete('/api/products/cookie-1', undefined, { cookie, ...headers });
        assert.equal(del.status, 403);
      }
      assert.equal((await server.http.get('/api/products/cookie-1', undefined, { cookie, origin: 'https://evil.example' })).status, 200, 'reads are not writes');
      const token = (await server.http.post<{ token: string }>('/api/rents/login', { email, password })).body.token;
      const bearer = await server.http.post('/api/products/bearer-foreign', { basic: { product_name: 'X' } }, token, { origin: 'https://evil.example' });
      assert.equal(bearer.status, 201, 'a Bearer token is not sent by browsers on their own: no CSRF check');
    });

    it('logout clears the cookie and ends its session', async () => {
      const cookie = await cookieLogin();
      const out = await server.http.post('/api/rents/logout', undefined, undefined, { cookie, origin: new URL(server.url).origin });
      assert.equal(out.status, 200);
      assert.match(out.headers.get('set-cookie') ?? '', /rental-token=;.*Expires=Thu, 01 Jan 1970/i);
      assert.deepEqual((await server.http.get('/api/rents/me', undefined, { cookie })).body, { user: null });
    });
  });
}
