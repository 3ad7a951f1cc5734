import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import sharp from 'sharp';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { databaseDigest } from '../helpers/digest.js';

/**
 * Property-based fuzzing of every endpoint. Short in `npm test`; `FUZZ_RUNS=20000 npm test`
 * (or more) for the long run, on every dialect the suite has. For every request: no 5xx,
 * every error in the contract's shape, and a rejected request leaves the database exactly as
 * it was (a digest of the stored data before and after).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const FUZZ_DIALECTS = process.env.FUZZ_RUNS ? dialects : dialects.slice(0, 1);

const PATHS = [
  '/api/products', '/api/products/count', '/api/products/{id}', '/api/rents/login', '/api/rents/me', '/api/rents/refresh',
  '/api/rents/refresh-token', '/api/rents/logout', '/api/rents/unlock', '/api/rents/forgot-password', '/api/rents/reset-password', '/api/rents', '/api/rents/count', '/api/rents/{owner}', '/api/rentMedia', '/api/rentMedia/count', '/api/rentMedia/{media}',
  '/api/rentMedia/file/{file}', '/api/openapi.json', '/health', '/{junk}',
  '/api/products/{id}/quote', '/api/products/{id}/availability', '/api/bookings', '/api/bookings/count', '/api/bookings/{booking}',
];
const PARAMS = ['where', 'sort', 'limit', 'page', 'depth', 'q', 'availableFrom', 'availableTo', 'action', 'draft', 'select', 'from', 'to', 'token'];
const FIELDS = [
  'id', 'rentNameSystem', 'basic.product_name', 'basic.location', 'basic.product_desc', 'additional.price', 'settings.published', 'createdAt', 'and', 'or', 'nope', '__proto__', 'constructor', 'toString',
  'status', 'product', 'from', 'to', 'customer.email', 'customer.name', 'owner',
];
const OPERATORS = ['equals', 'not_equals', 'in', 'not_in', 'greater_than', 'less_than_equal', 'like', 'contains', 'exists', 'near'];

const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
  fc.constantFrom('', 'true', 'null', '-1', '1e999', '2026-12-01', "' OR 1=1 --", '%00', '../', 'vrtačka', '2031-05-01', '2031-05-03T10:00:00+02:00', 'P2D', 'confirm', 'cancel', 'requested'),
);
const bracketPath = fc.array(fc.oneof(fc.constantFrom(...FIELDS, ...OPERATORS), fc.nat(30).map(String), fc.string({ maxLength: 5 })), { minLength: 1, maxLength: 30 });
const queryPart = fc.oneof(
  fc.tuple(fc.constantFrom(...PARAMS), scalar).map(([key, value]) => `${key}=${encodeURIComponent(value)}`),
  fc.tuple(bracketPath, scalar).map(([path, value]) => `where${path.map((p) => `[${encodeURIComponent(p)}]`).join('')}=${encodeURIComponent(value)}`),
  fc.tuple(fc.constantFrom(...PARAMS), fc.array(fc.oneof(fc.constantFrom('', '0', '__proto__', 'constructor', 'toString'), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 3 }), scalar)
    .map(([key, path, value]) => `${key}${path.map((p) => `[${encodeURIComponent(p)}]`).join('')}=${encodeURIComponent(value)}`),
  fc.jsonValue({ maxDepth: 4 }).map((value) => `where=${encodeURIComponent(JSON.stringify(value))}`),
  fc.nat(400).map((n) => Array.from({ length: n }, (_, i) => `where[id][in][${i}]=x${i}`).join('&')),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);

const productish = fc.record(
  {
    basic: fc.oneof(fc.record({ product_name: fc.oneof(fc.string({ maxLength: 30 }), fc.integer()), location: fc.string({ maxLength: 10 }) }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })),
    additional: fc.oneof(fc.record({ price: fc.oneof(fc.double(), fc.string(), fc.integer()), time_unit: fc.string({ maxLength: 6 }) }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })),
    settings: fc.record({ published: fc.oneof(fc.boolean(), fc.string()), slug: fc.string({ maxLength: 20 }) }, { requiredKeys: [] }),
    availability: fc.record({ reservationDates: fc.array(fc.record({ from: scalar, to: scalar }), { maxLength: 3 }) }),
    gallery: fc.record({ images: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 }) }),
    action: fc.constantFrom('publish', 'reserve', 'release', 'duplicate', 'explode', 'confirm', 'decline', 'cancel'),
    product: fc.oneof(fc.constantFrom('f1', 'f2', 'f3', 'nope'), scalar),
    customer: fc.oneof(fc.record({ name: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()), email: fc.constantFrom('a@b.cz', 'bad', ''), phone: scalar, note: scalar }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })),
    reason: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()),
    from: scalar,
    to: scalar,
    reservationId: scalar,
    email: fc.string({ maxLength: 20 }),
    password: fc.string({ maxLength: 20 }),
    token: fc.oneof(fc.string({ maxLength: 70 }), fc.integer()),
    alt: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  fc.constant(undefined),
  productish.map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{"__proto__":{"x":1}}', '{"a":{"constructor":{"prototype":{}}}}', '[', '{"basic":', 'null', `${'['.repeat(5000)}${']'.repeat(5000)}`),
);

for (const dialect of FUZZ_DIALECTS) {
  describe(`fuzzing every endpoint (${dialect}, ${RUNS} requests)`, () => {
    let server: TestServer;
    let account: { id: string; token: string; email: string; password: string };
    let media: { id: string; filename: string };
    let booking: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      account = await server.signUp({ terms: [{ id: 't1' }] });
      for (const id of ['f1', 'f2', 'f3']) {
        const res = await server.http.post(`/api/products/${id}`, {
          basic: { product_name: `Fuzz ${id}` },
          settings: { published: id !== 'f3' },
          availability: { reservationDates: [{ id: 'r1', from: '2027-01-01', to: '2027-01-02' }] },
        }, account.token);
        assert.equal(res.status, 201);
      }
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).png().toBuffer())]), 'fuzz.png');
      media = (await server.http.request<{ doc: { id: string; filename: string } }>('POST', '/api/rentMedia', { raw: form, token: account.token })).body.doc;
      const requested = await server.http.post<{ doc: { id: string }; token: string }>('/api/bookings', { product: 'f1', from: '2031-05-01', to: '2031-05-02', customer: { name: 'Fuzz', email: 'fuzz@example.cz' } });
      assert.equal(requested.status, 201, requested.text);
      booking = { id: requested.body.doc.id, token: requested.body.token };
    });
    after(() => server.close());

    it('answers every request without a 5xx, errors in shape, rejected requests changing nothing', async () => {
      let digest = await databaseDigest(server.databaseUrl);
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'),
          fc.constantFrom(...PATHS),
          fc.oneof(fc.constantFrom('f1', 'f2', 'f3', 'nope', 'count'), fc.string({ maxLength: 70 })),
          fc.array(queryPart, { maxLength: 4 }),
          body,
          fc.constantFrom('valid', 'none', 'garbage', 'jwt-scheme'),
          fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', 'multipart/form-data; boundary=x', ''),
          fc.option(fc.constantFrom('"x"', '*', 'W/"y"'), { nil: undefined }),
          async (method, template, id, query, payload, auth, contentType, ifMatch) => {
            const known = id === 'f1';
            const path = template
              .replace('{id}', encodeURIComponent(id))
              .replace('{owner}', known ? account.id : encodeURIComponent(id))
              .replace('{media}', known ? media.id : encodeURIComponent(id))
              .replace('{file}', known ? media.filename : encodeURIComponent(id))
              .replace('{junk}', encodeURIComponent(id))
              .replace('{booking}', known ? booking.id : encodeURIComponent(id));
            const headers: Record<string, string> = {};
            if (auth === 'valid') headers.authorization = `Bearer ${account.token}`;
            if (auth === 'jwt-scheme') headers.authorization = `JWT ${account.token}`;
            if (auth === 'garbage') headers.authorization = `Bearer ${encodeURIComponent(id)}.x.y`;
            if (payload !== undefined && contentType !== '') headers['content-type'] = contentType;
            if (ifMatch) headers['if-match'] = ifMatch;
            // Now and then the booking's real token, so that the customer's door is walked too.
            const withToken = known && template === '/api/bookings/{booking}' && query.length % 2 === 1 ? [...query, `token=${booking.token}`] : query;
            const url = `${server.url}${path}${withToken.length > 0 ? `?${withToken.join('&')}` : ''}`;
            const res = await fetch(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : payload });
            const text = await res.text();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const request = `${method} ${url} ${payload?.slice(0, 300) ?? ''}`;
            assert.ok(res.status < 500, `${request} → ${res.status} ${text}`);
            if (res.status >= 400) {
              if (method !== 'HEAD') {
                const parsed = JSON.parse(text) as { errors?: { message?: unknown; field?: unknown }[] };
                assert.ok(Array.isArray(parsed.errors) && parsed.errors.length > 0, `${request} → ${text}`);
                for (const error of parsed.errors) {
                  assert.equal(typeof error.message, 'string', text);
                  assert.ok(error.field === undefined || typeof error.field === 'string', text);
                }
              }
              assert.equal(await databaseDigest(server.databaseUrl), digest, `${request} → ${res.status} changed stored data`);
            } else {
              digest = await databaseDigest(server.databaseUrl);
            }
            // The fuzzer may log its own session out or lock the account's password away: sign in again.
            if ((await server.http.get<{ user: unknown }>('/api/rents/me', account.token)).body.user === null) {
              const login = await server.http.post<{ token: string }>('/api/rents/login', { email: account.email, password: account.password });
              if (login.status === 200) account.token = login.body.token;
            }
          },
        ),
        { numRuns: RUNS },
      );
      assert.equal((await server.http.get('/health')).status, 200, 'still alive');
      process.stderr.write(`fuzz (${dialect}) statuses: ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    });
  });
}
