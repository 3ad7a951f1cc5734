import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { SseStream } from '../helpers/sse.js';
import { until } from '../helpers/until.js';

type Login = { message: string; user: { id: string; email: string; rentNameSystem: string }; token: string; exp: number };

/**
 * The dashboard's session cookie (`?cookie=true` on login and reset-password) on the default
 * configuration, where `auth.cookies` is off and API clients use Bearer tokens.
 */
for (const dialect of dialects) {
  describe(`the dashboard's session cookie (${dialect})`, () => {
    let server: TestServer;
    let own: string;
    const email = 'dashboard@example.com';
    const password = 'correct horse battery';
    let id: string;

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.auth.csrf = ['https://shop.example'];
      });
      own = new URL(server.url).origin;
      id = await server.createAccount({ email, password, admin: true });
    });
    after(() => server.close());

    async function cookieLogin(): Promise<{ cookie: string; setCookie: string; body: Login }> {
      const res = await server.http.post<Login>('/api/rents/login?cookie=true', { email, password });
      assert.equal(res.status, 200, res.text);
      const setCookie = res.headers.get('set-cookie') ?? '';
      return { cookie: setCookie.split(';')[0] as string, setCookie, body: res.body };
    }

    it('login?cookie=true answers as a plain login and sets an HttpOnly, SameSite=Strict cookie for /api', async () => {
      const plain = await server.http.post<Login>('/api/rents/login', { email, password });
      assert.equal(plain.headers.get('set-cookie'), null, 'cookie mode is off: a plain login sets no cookie');
      const { setCookie, body } = await cookieLogin();
      assert.deepEqual(Object.keys(body).sort(), Object.keys(plain.body).sort());
      assert.deepEqual(body.user, plain.body.user);
      assert.equal(body.message, plain.body.message);
      assert.match(setCookie, /^rental-session=[^;]+;/);
      assert.match(setCookie, /; HttpOnly/i);
      assert.match(setCookie, /; SameSite=Strict/i);
      assert.match(setCookie, /; Secure/i);
      assert.match(setCookie, /; Path=\/api(;|$)/);
      assert.match(setCookie, new RegExp(`rental-session=${body.token.replace(/\./g, '\\.')};`));
    });

    it('the failures of login stay as they were: 400 naming fields, 401 one message, and no cookie', async () => {
      const missing = await server.http.post<{ errors: { field?: string }[] }>('/api/rents/login?cookie=true', { email });
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body.errors.map((error) => error.field), ['password']);
      const wrong = await server.http.post('/api/rents/login?cookie=true', { email, password: 'wrong password!' });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.headers.get('set-cookie'), null);
    });

    it('the cookie authenticates while auth.cookies is off; the token cookie of cookie mode does not', async () => {
      const { cookie, body } = await cookieLogin();
      const me = await server.http.get<{ user: { id: string; roles?: string[] } | null }>('/api/rents/me', undefined, { cookie });
      assert.equal(me.body.user?.id, id);
      assert.equal(me.body.user?.roles, undefined, 'roles only when asked for');
      const withRoles = await server.http.get<{ user: { roles?: string[] } }>('/api/rents/me?roles=true', undefined, { cookie });
      assert.deepEqual(withRoles.body.user.roles, ['admin']);
      const tokenCookie = await server.http.get<{ user: unknown }>('/api/rents/me', undefined, { cookie: `rental-token=${body.token}` });
      assert.deepEqual(tokenCookie.body, { user: null });
      const created = await server.http.post('/api/products/from-dashboard', { basic: { product_name: 'Z administrace' } }, undefined, { cookie, origin: own });
      assert.equal(created.status, 201, created.text);
    });

    it('a cookie-authenticated write from a foreign Origin or Referer is a 403 (CSRF); the allow-list and reads pass', async () => {
      const { cookie } = await cookieLogin();
      for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }] as Record<string, string>[]) {
        const res = await server.http.patch('/api/products/from-dashboard', { basic: { location: 'Brno' } }, undefined, { cookie, ...headers });
        assert.equal(res.status, 403, JSON.stringify(headers));
      }
      const allowed = await server.http.patch('/api/products/from-dashboard', { basic: { location: 'Brno' } }, undefined, { cookie, origin: 'https://shop.example' });
      assert.equal(allowed.status, 200);
      const read = await server.http.get('/api/products/from-dashboard', undefined, { cookie, origin: 'https://evil.example' });
      assert.equal(read.status, 200);
    });

    it("cookie-authenticated answers are not stored by the browser, unless the route says how to cache them; Bearer answers are unchanged", async () => {
      const { cookie, body } = await cookieLogin();
      const list = await server.http.get('/api/products', undefined, { cookie });
      assert.equal(list.headers.get('cache-control'), 'no-store');
      const product = await server.http.get('/api/products/from-dashboard', undefined, { cookie });
      assert.equal(product.headers.get('cache-control'), 'no-cache', "a product keeps its own rule (revalidate with the ETag)");
      const bearer = await server.http.get('/api/products', body.token);
      assert.equal(bearer.headers.get('cache-control'), null);
      const form = new FormData();
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      form.append('file', new Blob([new Uint8Array(gif)], { type: 'image/gif' }), 'dot.gif');
      const upload = await fetch(`${server.url}/api/rentMedia`, { method: 'POST', body: form, headers: { authorization: `Bearer ${body.token}` } });
      const { doc } = (await upload.json()) as { doc: { url: string } };
      const file = await server.http.get(doc.url, undefined, { cookie });
      assert.equal(file.status, 200);
      assert.match(file.headers.get('cache-control') ?? '', /max-age=\d+/, 'a media file keeps its long life');
    });

    it('refresh renews the cookie; logout ends the session and clears it', async () => {
      const { cookie } = await cookieLogin();
      const refreshed = await server.http.post<Login>('/api/rents/refresh', undefined, undefined, { cookie, origin: own });
      assert.equal(refreshed.status, 200);
      const renewed = refreshed.headers.get('set-cookie') ?? '';
      assert.match(renewed, new RegExp(`^rental-session=${refreshed.body.token.replace(/\./g, '\\.')};`));
      const bearerRefresh = await server.http.post('/api/rents/refresh', undefined, refreshed.body.token);
      assert.equal(bearerRefresh.headers.get('set-cookie'), null, 'a Bearer refresh sets no cookie');
      const next = renewed.split(';')[0] as string;
      const out = await server.http.post('/api/rents/logout', undefined, undefined, { cookie: next, origin: own });
      assert.equal(out.status, 200);
      const cleared = out.headers.get('set-cookie') ?? '';
      assert.match(cleared, /^rental-session=;/);
      assert.match(cleared, /; Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
      assert.match(cleared, /; Path=\/api(;|$)/);
      assert.deepEqual((await server.http.get('/api/rents/me', undefined, { cookie: next })).body, { user: null });
      assert.deepEqual((await server.http.get('/api/rents/me', undefined, { cookie })).body, { user: null }, 'every token of the session is dead');
    });

    it("the cookie opens the event stream as its account (EventSource sends it); a dead session's cookie is a 401", async () => {
      const owner = await server.signUp({ name: 'Stream owner' });
      const login = await server.http.post<Login>('/api/rents/login?cookie=true', { email: owner.email, password: owner.password });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const mine = await SseStream.open(server.url, { headers: { cookie } });
      const anonymous = await SseStream.open(server.url);
      try {
        assert.equal(mine.status, 200);
        // An unpublished product's events reach its owner only.
        const created = await server.http.post<{ doc: { id: string } }>('/api/products', { basic: { product_name: 'Ještě nezveřejněno' } }, owner.token);
        assert.equal(created.status, 201);
        assert.ok(await until(() => mine.events.some((event) => event.data.type === 'product.created' && event.data.data.id === created.body.doc.id), 5000), 'the owner sees it');
        // Published, it becomes public: the anonymous stream gets that change, not the one before.
        const published = await server.http.patch(`/api/products/${created.body.doc.id}`, { settings: { published: true } }, owner.token);
        assert.equal(published.status, 200);
        assert.ok(await until(() => anonymous.events.length > 0 && mine.events.length >= 2, 5000));
        assert.deepEqual(mine.types(), ['product.created', 'product.updated']);
        assert.deepEqual(anonymous.types(), ['product.updated']);
      } finally {
        await mine.close();
        await anonymous.close();
      }
      assert.equal((await server.http.post('/api/rents/logout', undefined, undefined, { cookie, origin: own })).status, 200);
      const ended = await SseStream.open(server.url, { headers: { cookie } });
      assert.equal(ended.status, 401, 'not an anonymous stream: the dashboard learns that its session ended');
      const none = await SseStream.open(server.url);
      assert.equal(none.status, 200, 'without any cookie the public stream as before');
      await none.close();
    });

    it('reset-password?cookie=true signs in with the cookie too', async () => {
      let resetToken = '';
      const resetServer = await startServer(dialect, (config) => {
        config.hooks.rents.afterForgotPassword = ({ token }) => {
          resetToken = token;
        };
      });
      try {
        await resetServer.createAccount({ email, password });
        assert.equal((await resetServer.http.post('/api/rents/forgot-password', { email })).status, 200);
        const reset = await resetServer.http.post<Login>('/api/rents/reset-password?cookie=true', { token: resetToken, password: 'a brand new password' });
        assert.equal(reset.status, 200, reset.text);
        const cookie = (reset.headers.get('set-cookie') ?? '').split(';')[0] as string;
        assert.match(cookie, /^rental-session=/);
        assert.equal((await resetServer.http.get<{ user: { email: string } }>('/api/rents/me', undefined, { cookie })).body.user.email, email);
      } finally {
        await resetServer.close();
      }
    });

    it('the OpenAPI document describes ?cookie on login and reset-password and ?roles on me', async () => {
      type Operation = { parameters?: { name: string; in: string }[] };
      const document = (await server.http.get<{ paths: Record<string, Record<string, Operation>> }>('/api/openapi.json')).body;
      const names = (path: string, method: string) => (document.paths[path]?.[method]?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      assert.ok(names('/api/rents/login', 'post').includes('cookie'));
      assert.ok(names('/api/rents/reset-password', 'post').includes('cookie'));
      assert.ok(names('/api/rents/me', 'get').includes('roles'));
    });
  });
}
