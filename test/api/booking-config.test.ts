import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { APIError } from '../../src/errors/api-error.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { CUSTOMER, act, createRentable, dayFromNow, requestBooking, type Booking } from '../helpers/bookings.js';
import { until } from '../helpers/until.js';
import { ManualClock } from '../helpers/clock.js';

type Seen = { operation: string; status: unknown; customer: unknown; user: string | null; previous?: unknown };

for (const dialect of dialects) {
  describe(`bookings as the configuration shapes them (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    const seen: Seen[] = [];

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.rateLimit = { max: 1000, window: 60_000, login: { max: 100, window: 60_000 }, bookings: { max: 4, window: 60_000 } };
        config.bookings.requestExpiry = 1500;
        config.hooks.bookings = {
          beforeChange: [
            ({ data, operation }) => {
              if (operation === 'create' && data.customer.name === 'Blocked') throw new APIError(403, 'We do not rent to you.', 'customer.name');
              if (operation === 'update' && data.status === 'declined' && !(data.history as { reason?: string }[]).at(-1)?.reason) throw new APIError(400, 'Say why.', 'reason');
              if (operation === 'create') return { ...data, customer: { ...data.customer, note: 'Checked by the shop.' } };
              return undefined;
            },
          ],
          afterChange: ({ doc, previousDoc, operation, user }) => {
            seen.push({ operation, status: doc.status, customer: doc.customer, user: user?.id ?? null, previous: previousDoc?.status });
          },
        };
      });
      owner = await server.signUp();
      await createRentable(server, owner.token, 'bike');
    });
    after(() => server.close());

    it('beforeChange may refuse (nothing stored) or change a request (validated, stored); afterChange sees every change', async () => {
      const count = async () => (await server.http.get<{ totalDocs: number }>('/api/bookings/count', owner.token)).body.totalDocs;
      const refused = await server.http.post('/api/bookings', { product: 'bike', from: dayFromNow(10), to: dayFromNow(11), customer: { name: 'Blocked', email: 'b@example.cz' } });
      assert.equal(refused.status, 403);
      assert.deepEqual(errorFields(refused.body), ['customer.name']);
      assert.equal(await count(), 0);
      const { doc } = await requestBooking(server, 'bike', dayFromNow(12), dayFromNow(13));
      assert.deepEqual(doc.customer, { ...CUSTOMER, note: 'Checked by the shop.' });
      const noReason = await act(server, doc.id, 'decline', { bearer: owner.token });
      assert.equal(noReason.status, 400);
      assert.equal((await server.http.get<Booking>(`/api/bookings/${doc.id}`, owner.token)).body.status, 'requested', 'a refused change changes nothing');
      assert.equal((await act(server, doc.id, 'decline', { bearer: owner.token }, { reason: 'Broken chain' })).status, 200);
      assert.deepEqual(seen.map((s) => [s.operation, s.status, s.previous ?? null, s.user]), [['create', 'requested', null, null], ['update', 'declined', 'requested', owner.id]]);
      assert.deepEqual(seen[0]?.customer, { ...CUSTOMER, note: 'Checked by the shop.' }, 'the hook gets the customer, to write to them');
    });

    it('applies a changed requestExpiry to the requests already open: a service started with a shorter one expires them by it', async () => {
      // The default 72 h; its jobs hold still (a manual clock), as a service that has stopped would.
      const long = await startServer(dialect, undefined, { clock: new ManualClock() });
      try {
        const shop = await long.signUp();
        await createRentable(long, shop.token, 'boat');
        const { doc } = await requestBooking(long, 'boat', dayFromNow(40), dayFromNow(41));
        const short = await startServer(dialect, (config) => (config.bookings.requestExpiry = 1500), { databaseUrl: long.databaseUrl });
        try {
          const status = async () => (await short.http.get<Booking>(`/api/bookings/${doc.id}`, shop.token)).body.status;
          assert.ok(await until(async () => (await status()) === 'expired', 8000, 100), 'expired by the new setting');
        } finally {
          await short.close();
        }
      } finally {
        await long.close();
      }
    });

    it('expires an unanswered request within 5 s of its time running out, and tells afterChange', async () => {
      const { doc } = await requestBooking(server, 'bike', dayFromNow(20), dayFromNow(21));
      const due = Date.parse(doc.createdAt) + 1500;
      const status = async () => (await server.http.get<Booking>(`/api/bookings/${doc.id}`, owner.token)).body.status;
      assert.ok(await until(async () => (await status()) === 'expired', 8000, 100), 'expired');
      assert.ok(Date.now() - due < 5000, `expired ${Date.now() - due} ms after its time`);
      const expired = (await server.http.get<Booking>(`/api/bookings/${doc.id}`, owner.token)).body;
      assert.ok(Date.parse(expired.history.at(-1)?.at ?? '') >= due);
      assert.ok(seen.some((s) => s.status === 'expired' && s.user === null && s.previous === 'requested'));
      assert.equal((await act(server, doc.id, 'confirm', { bearer: owner.token })).status, 409);
    });

    it('limits requests per client address (rateLimit.bookings): 429 with Retry-After; other endpoints go on', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await server.http.post('/api/bookings', { product: 'bike', from: dayFromNow(30 + i * 2), to: dayFromNow(30 + i * 2), customer: CUSTOMER }, i % 2 ? owner.token : undefined);
        statuses.push(res.status);
        if (res.status === 429) {
          assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
          assert.equal(typeof (res.body as { errors: { message: string }[] }).errors[0]?.message, 'string');
        }
      }
      assert.ok(statuses.includes(429), statuses.join(' '));
      assert.ok(statuses.filter((s) => s === 201).length <= 4, statuses.join(' '));
      assert.equal((await server.http.get('/api/products/bike')).status, 200);
      assert.equal((await server.http.get('/api/bookings', owner.token)).status, 200);
    });
  });

  describe(`access.bookings rules (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.access.bookings.create = ({ user }) => user !== null;
        config.access.bookings.read = ({ user }) => (user ? { status: { not_equals: 'declined' } } : false);
      });
      owner = await server.signUp();
      await createRentable(server, owner.token, 'van');
    });
    after(() => server.close());

    it('a create rule refuses anonymous requests (401) and a read filter narrows lists', async () => {
      const anonymous = await server.http.post('/api/bookings', { product: 'van', from: dayFromNow(5), to: dayFromNow(6), customer: CUSTOMER });
      assert.equal(anonymous.status, 401);
      const made = await server.http.post<{ doc: Booking }>('/api/bookings', { product: 'van', from: dayFromNow(5), to: dayFromNow(6), customer: CUSTOMER }, owner.token);
      assert.equal(made.status, 201);
      assert.equal(made.body.doc.history[0]?.by, owner.id);
      const other = await server.http.post<{ doc: Booking; token: string }>('/api/bookings', { product: 'van', from: dayFromNow(8), to: dayFromNow(9), customer: CUSTOMER }, owner.token);
      assert.equal((await act(server, other.body.doc.id, 'decline', { bearer: owner.token })).status, 200);
      const listed = await server.http.get<{ docs: Booking[] }>('/api/bookings', owner.token);
      assert.deepEqual(listed.body.docs.map((b) => b.status), ['requested']);
      // Hidden by the filter, it is missing by id too, for its owner as in the list; its customer's token still reads it.
      assert.equal((await server.http.get(`/api/bookings/${other.body.doc.id}`, owner.token)).status, 404);
      assert.equal((await server.http.get(`/api/bookings/${made.body.doc.id}`, owner.token)).status, 200);
      const byToken = await server.http.get<Booking>(`/api/bookings/${other.body.doc.id}?token=${encodeURIComponent(other.body.token)}`);
      assert.equal(byToken.status, 200);
      assert.equal(byToken.body.status, 'declined');
    });
  });
}

describe('rateLimit.bookings: false (sqlite)', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.rateLimit = { max: 1000, window: 60_000, login: { max: 20, window: 60_000 }, bookings: false };
    });
  });
  after(() => server.close());

  it('leaves requests under the overall limit only', async () => {
    const owner = await server.signUp();
    await createRentable(server, owner.token, 'boat');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await server.http.post('/api/bookings', { product: 'boat', from: dayFromNow(30 + i * 2), to: dayFromNow(30 + i * 2), customer: CUSTOMER })).status);
    }
    assert.deepEqual(statuses, Array(12).fill(201), 'more than the default ten a minute');
  });
});
