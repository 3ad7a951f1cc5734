import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

/** Headers that differ between any two responses (the clock, the connection). */
const VOLATILE = new Set(['date', 'keep-alive', 'connection']);
const stable = (headers: Headers) => [...headers].filter(([name]) => !VOLATILE.has(name));

// A cookie the service does not know leaves the caller anonymous, but sends the read through Fastify.
const THROUGH_FASTIFY = { cookie: 'unrelated=1' };

for (const dialect of dialects) {
  describe(`anonymous reads answered before Fastify (${dialect})`, () => {
    let server: TestServer;
    let owner: { token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      for (const [id, published] of [['shown', true], ['hidden', false]] as const) {
        const created = await server.http.post(`/api/products/${id}`, { basic: { product_name: `Vrtačka ${id}` }, additional: { price: 120, caution: 500, time_unit: 'day' }, settings: { published } }, owner.token);
        assert.equal(created.status, 201, created.text);
      }
    });
    after(() => server.close());

    /** The same request, answered before Fastify and through it: their statuses, bodies and headers. */
    async function both(path: string, headers: Record<string, string> = {}) {
      const before = server.fastReads();
      const fast = await server.http.get(path, undefined, headers);
      const answeredFast = server.fastReads() - before;
      const routed = await server.http.get(path, undefined, { ...headers, ...THROUGH_FASTIFY });
      assert.equal(server.fastReads() - before, answeredFast, 'a request with a cookie is not answered before Fastify');
      return { fast, routed, answeredFast };
    }

    it('answers a product read with the bytes and headers the route sends', async () => {
      for (const path of ['/api/products/shown', '/api/products/shown?depth=1', '/api/products/shown?depth=0']) {
        const { fast, routed, answeredFast } = await both(path);
        assert.equal(answeredFast, 1, path);
        assert.equal(fast.status, 200, path);
        assert.equal(fast.text, routed.text, path);
        assert.deepEqual(stable(fast.headers), stable(routed.headers), path);
      }
      const depth0 = (await server.http.get<{ basic: { rent_owner: unknown } }>('/api/products/shown?depth=0')).body;
      assert.equal(typeof depth0.basic.rent_owner, 'string', 'depth=0 leaves the owner as its id');
    });

    it('answers If-None-Match with the route’s 304, and a stale tag with the product', async () => {
      const etag = (await server.http.get('/api/products/shown')).headers.get('etag') as string;
      const current = await both('/api/products/shown', { 'if-none-match': etag });
      assert.equal(current.answeredFast, 1);
      assert.equal(current.fast.status, 304);
      assert.deepEqual(stable(current.fast.headers), stable(current.routed.headers));
      const stale = await both('/api/products/shown', { 'if-none-match': '"stale"' });
      assert.equal(stale.fast.status, 200);
      assert.equal(stale.fast.text, stale.routed.text);
    });

    it('leaves missing, hidden and malformed products to the route’s 404 and 400', async () => {
      for (const [path, status] of [['/api/products/missing', 404], ['/api/products/hidden', 404], ['/api/products/shown?depth=x', 400]] as const) {
        const { fast, routed, answeredFast } = await both(path);
        assert.equal(answeredFast, 0, path);
        assert.equal(fast.status, status, path);
        assert.equal(fast.text, routed.text, path);
      }
    });

    it('answers quotes and calendars with the bytes and headers their routes send', async () => {
      const y = new Date().getUTCFullYear() + 1;
      assert.equal((await server.http.post('/api/products/shown', { action: 'reserve', from: `${y}-03-10`, to: `${y}-03-12` }, owner.token)).status, 200);
      for (const path of [
        `/api/products/shown/quote?from=${y}-03-01&to=${y}-03-04`,
        `/api/products/shown/quote?to=${y}-03-11&from=${y}-03-09`,
        `/api/products/shown/quote?from=${y}-03-01T10:00:00Z&to=${y}-03-01T18:30:00.5Z`,
        '/api/products/shown/availability',
        `/api/products/shown/availability?from=${y}-03-01`,
        `/api/products/shown/availability?to=${y}-12-31&from=${y}-03-01`,
      ]) {
        const { fast, routed, answeredFast } = await both(path);
        assert.equal(answeredFast, 1, path);
        assert.equal(fast.status, 200, `${path}: ${fast.text}`);
        assert.equal(fast.text, routed.text, path);
        assert.deepEqual(stable(fast.headers), stable(routed.headers), path);
      }
      const busy = (await server.http.get<{ available: boolean; violations: unknown[] }>(`/api/products/shown/quote?from=${y}-03-11&to=${y}-03-11`)).body;
      assert.equal(busy.available, false, 'the reservation is seen');
    });

    it('leaves quotes and calendars it cannot pass on unchanged to their routes', async () => {
      const y = new Date().getUTCFullYear() + 1;
      for (const [path, status] of [
        [`/api/products/shown/quote?from=${y}-03-01`, 400],
        [`/api/products/shown/quote?from=${y}-03-01&to=soon`, 400],
        [`/api/products/shown/quote?from=${y}-03-01&from=${y}-03-02&to=${y}-03-04`, 400],
        [`/api/products/hidden/quote?from=${y}-03-01&to=${y}-03-04`, 404],
        [`/api/products/shown/quote?from=${y}-03-01T10:00:00%2B01:00&to=${y}-03-01T12:00:00%2B01:00`, 200],
        [`/api/products/shown/quote?from=${y}-03-01T10:00:00+01:00&to=${y}-03-01T12:00:00+01:00`, 400],
        [`/api/products/shown/availability?from=${y}-03-01&to=${y + 2}-03-01`, 400],
        [`/api/products/shown/availability?days=3`, 200],
        ['/api/products/missing/availability', 404],
      ] as const) {
        const { fast, routed, answeredFast } = await both(path);
        assert.equal(answeredFast, 0, path);
        assert.equal(fast.status, status, `${path}: ${fast.text}`);
        assert.equal(fast.text, routed.text, path);
      }
    });

    it('follows a change at once, and leaves signed-in readers to the route', async () => {
      const before = server.fastReads();
      assert.equal((await server.http.patch('/api/products/shown', { basic: { product_name: 'Vrtačka nová' } }, owner.token)).status, 200);
      const read = await server.http.get<{ basic: { product_name: string } }>('/api/products/shown');
      assert.equal(read.body.basic.product_name, 'Vrtačka nová');
      const hidden = await server.http.get('/api/products/hidden', owner.token);
      assert.equal(hidden.status, 200, 'the owner reads an unpublished product through the route');
      assert.equal(server.fastReads() - before, 1, 'only the anonymous read was answered before Fastify');
    });
  });
}

describe('anonymous reads with per-request policies', () => {
  it('are all left to Fastify when rate limits are on', async () => {
    const server = await startServer('sqlite', (config) => {
      config.rateLimit = { max: 1000, window: 60_000, login: { max: 20, window: 60_000 }, bookings: { max: 10, window: 60_000 } };
    });
    try {
      const owner = await server.signUp();
      assert.equal((await server.http.post('/api/products/limited', { basic: { product_name: 'Bruska' }, settings: { published: true } }, owner.token)).status, 201);
      const read = await server.http.get('/api/products/limited');
      assert.equal(read.status, 200);
      assert.ok(read.headers.get('x-ratelimit-remaining'), 'the read was counted');
      assert.equal(server.fastReads(), 0);
    } finally {
      await server.close();
    }
  });
});
