import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { ManualClock } from '../helpers/clock.js';
import { act, createRentable, dayFromNow, requestBooking, type Booking } from '../helpers/bookings.js';
import { until } from '../helpers/until.js';

const EXPIRY = 72 * 3_600_000;
type Product = { availability: { reservationDates: { id: string; from: string; to: string; bookingId?: string }[] }; updatedAt: string };

for (const dialect of dialects) {
  describe(`booking status changes (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };
    const clock = new ManualClock();
    let slot = 0;

    before(async () => {
      server = await startServer(dialect, () => {}, { clock });
      owner = await server.signUp();
      other = await server.signUp();
      admin = await server.signUp({ admin: true });
      await createRentable(server, owner.token, 'tent');
      await createRentable(server, other.token, 'kayak');
    });
    after(() => server.close());

    /** A new request on its own days, a year ahead of the clock (which the expiry test moves). */
    const fresh = async (product = 'tent') => {
      slot += 3;
      const base = clock.now() + 365 * 86_400_000;
      return requestBooking(server, product, dayFromNow(slot, base), dayFromNow(slot + 1, base));
    };
    const product = async (id = 'tent') => (await server.http.get<Product>(`/api/products/${id}?depth=0`, owner.token)).body;
    const statusOf = async (id: string) => (await server.http.get<Booking>(`/api/bookings/${id}`, owner.token)).body.status;

    /** A booking brought to each status by the moves the table allows. */
    async function inStatus(status: string): Promise<{ doc: Booking; token: string }> {
      const made = await fresh();
      const moves: Record<string, string[]> = { requested: [], confirmed: ['confirm'], declined: ['decline'], cancelled: ['cancel'] };
      for (const action of moves[status] ?? []) assert.equal((await act(server, made.doc.id, action, { bearer: owner.token })).status, 200);
      return made;
    }

    it('confirm adds the reservation {id, from, to, bookingId} to the product, with the history of who did it', async () => {
      const { doc } = await fresh();
      const before = await product();
      const res = await act(server, doc.id, 'confirm', { bearer: owner.token });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'confirmed');
      assert.match(res.body.reservationId ?? '', /^[0-9a-f]{24}$/);
      assert.deepEqual(res.body.history.map((h) => [h.status, h.by]), [['requested', 'customer'], ['confirmed', owner.id]]);
      assert.ok(Date.parse(res.body.updatedAt) > Date.parse(doc.updatedAt));
      const after = await product();
      const added = after.availability.reservationDates.find((item) => item.bookingId === doc.id);
      assert.deepEqual(added, { id: res.body.reservationId, from: doc.from, to: doc.to, bookingId: doc.id });
      assert.ok(after.updatedAt > before.updatedAt);
    });

    it('decline keeps the reason; cancelling a confirmed booking releases its reservation', async () => {
      const declined = await act(server, (await fresh()).doc.id, 'decline', { bearer: admin.token }, { reason: 'Servis' });
      assert.equal(declined.status, 200, declined.text);
      assert.deepEqual(declined.body.history.at(-1), { status: 'declined', at: declined.body.updatedAt, by: admin.id, reason: 'Servis' });
      const { doc } = await fresh();
      const confirmed = await act(server, doc.id, 'confirm', { bearer: owner.token });
      const cancelled = await act(server, doc.id, 'cancel', { bearer: owner.token });
      assert.equal(cancelled.status, 200, cancelled.text);
      assert.equal(cancelled.body.reservationId, undefined);
      assert.ok(!(await product()).availability.reservationDates.some((item) => item.id === confirmed.body.reservationId));
      // Its days are free again: a new request for them is taken.
      await requestBooking(server, 'tent', doc.from, doc.to);
    });

    it("a confirmed booking's reservation goes only with the booking: release or a PATCH that drops or moves it is a 409", async () => {
      const { doc } = await fresh();
      const reservationId = (await act(server, doc.id, 'confirm', { bearer: owner.token })).body.reservationId as string;
      const released = await server.http.post(`/api/products/tent`, { action: 'release', reservationId }, owner.token);
      assert.equal(released.status, 409, released.text);
      assert.deepEqual(errorFields(released.body), ['reservationId']);
      assert.match(JSON.stringify(released.body), new RegExp(doc.id));
      const items = (await product()).availability.reservationDates;
      const dropped = await server.http.patch('/api/products/tent', { availability: { reservationDates: items.filter((item) => item.id !== reservationId) } }, admin.token);
      assert.equal(dropped.status, 409, dropped.text);
      assert.deepEqual(errorFields(dropped.body), ['availability.reservationDates']);
      const moved = items.map((item) => (item.id === reservationId ? { ...item, from: dayFromNow(900), to: dayFromNow(901) } : item));
      assert.equal((await server.http.patch('/api/products/tent', { availability: { reservationDates: moved } }, owner.token)).status, 409);
      // The days stay taken: another request for them is refused.
      const again = await server.http.post('/api/bookings', { product: 'tent', from: doc.from, to: doc.to, customer: { name: 'B', email: 'b@example.com' } });
      assert.equal(again.status, 409, again.text);
      // Its times written in another form are the same times; a reservation that only copies the booking's id holds nothing.
      const current = (await product()).availability.reservationDates;
      const [year, month, day] = doc.to.split('-').map(Number) as [number, number, number];
      const sameTimes = current.map((item) => (item.id === reservationId ? { ...item, from: `${doc.from}T00:00:00.000Z`, to: new Date(Date.UTC(year, month - 1, day + 1)).toISOString().replace('.000Z', 'Z') } : item));
      assert.equal((await server.http.patch('/api/products/tent', { availability: { reservationDates: sameTimes } }, owner.token)).status, 200);
      const copy = { id: 'copy-of-hold', from: dayFromNow(950), to: dayFromNow(951), bookingId: doc.id };
      assert.equal((await server.http.patch('/api/products/tent', { availability: { reservationDates: [...(await product()).availability.reservationDates, copy] } }, owner.token)).status, 200);
      assert.equal((await server.http.post('/api/products/tent', { action: 'release', reservationId: 'copy-of-hold' }, owner.token)).status, 200);
      // A note on it may change, and once the booking is cancelled its reservation is gone with it.
      const noted = (await product()).availability.reservationDates.map((item) => (item.id === reservationId ? { ...item, note: 'keys at the gate' } : item));
      assert.equal((await server.http.patch('/api/products/tent', { availability: { reservationDates: noted } }, owner.token)).status, 200);
      assert.equal((await act(server, doc.id, 'cancel', { bearer: owner.token })).status, 200);
      assert.ok(!(await product()).availability.reservationDates.some((item) => item.id === reservationId));
    });

    it("a reservation whose booking was declined or cancelled is the owner's to release", async () => {
      const { doc } = await fresh();
      const reservationId = (await act(server, doc.id, 'confirm', { bearer: owner.token })).body.reservationId as string;
      // Written back by hand after the cancel (an import of an older export does this): no longer a hold.
      const stale = (await product()).availability.reservationDates.find((item) => item.id === reservationId);
      assert.equal((await act(server, doc.id, 'cancel', { bearer: owner.token })).status, 200);
      const items = (await product()).availability.reservationDates;
      assert.equal((await server.http.patch('/api/products/tent', { availability: { reservationDates: [...items, stale] } }, owner.token)).status, 200);
      const released = await server.http.post('/api/products/tent', { action: 'release', reservationId }, owner.token);
      assert.equal(released.status, 200, released.text);
    });

    it("a product given to another account takes its bookings: the new owner answers them, the former one no longer sees them", async () => {
      await createRentable(server, owner.token, 'canoe');
      const { doc } = await fresh('canoe');
      const moved = await server.http.patch('/api/products/canoe', { basic: { rent_owner: other.id } }, admin.token);
      assert.equal(moved.status, 200, moved.text);
      const formerRead = await server.http.get(`/api/bookings/${doc.id}`, owner.token);
      assert.equal(formerRead.status, 404);
      assert.equal((await act(server, doc.id, 'confirm', { bearer: owner.token })).status, 404);
      const read = await server.http.get<Booking>(`/api/bookings/${doc.id}`, other.token);
      assert.equal(read.status, 200, read.text);
      assert.equal(read.body.owner, other.id);
      assert.equal(read.body.customer.email, doc.customer.email);
      const listed = await server.http.get<{ totalDocs: number }>('/api/bookings?where[product][equals]=canoe', other.token);
      assert.equal(listed.body.totalDocs, 1);
      assert.equal((await server.http.get<{ totalDocs: number }>('/api/bookings?where[product][equals]=canoe', owner.token)).body.totalDocs, 0);
      assert.equal((await act(server, doc.id, 'confirm', { bearer: other.token })).status, 200);
    });

    it('the customer cancels with the token, before the rental starts, and can do nothing else', async () => {
      const { doc, token } = await fresh();
      const confirm = await act(server, doc.id, 'confirm', { customerToken: token });
      assert.equal(confirm.status, 403);
      assert.equal((await act(server, doc.id, 'decline', { customerToken: token })).status, 403);
      assert.equal((await act(server, doc.id, 'cancel', { customerToken: 'wrong' })).status, 404);
      assert.equal((await act(server, doc.id, 'cancel')).status, 404, 'anonymous without a token');
      assert.equal((await act(server, doc.id, 'cancel', { bearer: other.token })).status, 404, 'another owner');
      const cancel = await act(server, doc.id, 'cancel', { customerToken: token }, { reason: 'Plans changed' });
      assert.equal(cancel.status, 200, cancel.text);
      assert.deepEqual(cancel.body.history.at(-1)?.by, 'customer');
      // A confirmed booking whose rental has begun: the customer's token no longer cancels it.
      const started = await requestBooking(server, 'tent', new Date(clock.now() + 60_000).toISOString(), new Date(clock.now() + 3_600_000).toISOString());
      assert.equal((await act(server, started.doc.id, 'confirm', { bearer: owner.token })).status, 200);
      clock.advance(120_000);
      const late = await act(server, started.doc.id, 'cancel', { customerToken: started.token });
      assert.equal(late.status, 409);
      assert.deepEqual(errorFields(late.body), ['status']);
      assert.equal((await act(server, started.doc.id, 'cancel', { bearer: owner.token })).status, 200, 'the owner still can');
    });

    it('select narrows bookings as Payload selects fields: lists, reads, the request and actions', async () => {
      const made = await fresh();
      const keys = (doc: object) => Object.keys(doc).sort();
      const listed = await server.http.get<{ docs: object[] }>('/api/bookings?select[status]=true&limit=2', owner.token);
      assert.equal(listed.status, 200, listed.text);
      assert.ok(listed.body.docs.length > 0);
      for (const doc of listed.body.docs) assert.deepEqual(keys(doc), ['id', 'status']);
      const read = await server.http.get<object>(`/api/bookings/${made.doc.id}?token=${made.token}&select[customer][name]=true`);
      assert.deepEqual(read.body, { id: made.doc.id, customer: { name: made.doc.customer.name } });
      const left = await server.http.get<object>(`/api/bookings/${made.doc.id}?select[history]=false&select[quote]=false`, owner.token);
      assert.ok(!keys(left.body).includes('history') && keys(left.body).includes('status'));
      const confirmed = await server.http.post<object>(`/api/bookings/${made.doc.id}?select[status]=true`, { action: 'confirm' }, owner.token);
      assert.deepEqual(confirmed.body, { id: made.doc.id, status: 'confirmed' });
      slot += 3;
      const base = clock.now() + 365 * 86_400_000;
      const requested = await server.http.post<{ doc: object; token: string }>('/api/bookings?select[from]=true', { product: 'tent', from: dayFromNow(slot, base), to: dayFromNow(slot + 1, base), customer: { name: 'S', email: 's@example.cz' } });
      assert.equal(requested.status, 201, requested.text);
      assert.deepEqual(keys(requested.body.doc), ['from', 'id']);
      assert.equal(typeof requested.body.token, 'string', 'the token is not a field of the doc');
      assert.equal((await server.http.get('/api/bookings?select=nonsense', owner.token)).status, 400);
    });

    it('bad actions and bodies are 400 naming the field', async () => {
      const { doc } = await fresh();
      const unknown = await act(server, doc.id, 'approve', { bearer: owner.token });
      assert.equal(unknown.status, 400);
      assert.deepEqual(errorFields(unknown.body), ['action']);
      const extra = await server.http.post(`/api/bookings/${doc.id}`, { action: 'decline', reason: 5, status: 'confirmed' }, owner.token);
      assert.deepEqual(new Set(errorFields(extra.body)), new Set(['reason', 'status']));
      assert.deepEqual(errorFields((await server.http.post(`/api/bookings/${doc.id}`, {}, owner.token)).body), ['action']);
      assert.equal((await server.http.post(`/api/bookings/${doc.id}?action=decline`, undefined, owner.token)).status, 200, 'the action in the query');
      assert.equal((await server.http.post('/api/bookings/000000000000000000000000', { action: 'confirm' }, owner.token)).status, 404);
    });

    it('every from → to pair: only the table of SPEC 9 passes, anything else is 409 `status`', async () => {
      const table: Record<string, Record<string, number>> = {
        requested: { confirm: 200, decline: 200, cancel: 200 },
        confirmed: { confirm: 409, decline: 409, cancel: 200 },
        declined: { confirm: 409, decline: 409, cancel: 409 },
        cancelled: { confirm: 409, decline: 409, cancel: 409 },
        expired: { confirm: 409, decline: 409, cancel: 409 },
      };
      const outcomes: string[] = [];
      for (const [from, actions] of Object.entries(table)) {
        if (from === 'expired') continue;
        for (const [action, expected] of Object.entries(actions)) {
          const { doc } = await inStatus(from);
          const res = await act(server, doc.id, action, { bearer: owner.token });
          assert.equal(res.status, expected, `${from} → ${action}: ${res.text}`);
          if (expected === 409) assert.deepEqual(errorFields(res.body), ['status']);
          else assert.equal(res.body.status, { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' }[action]);
          outcomes.push(`${from}:${action}:${res.status}`);
        }
      }
      assert.equal(outcomes.length, 12);
      // requested → expired by the service: the clock past 72 h. The ones answered stay as they were.
      const open = await inStatus('requested');
      const answered = await inStatus('confirmed');
      await server.jobsSettled();
      clock.advance(EXPIRY - 1000);
      await server.jobsSettled();
      assert.equal(await statusOf(open.doc.id), 'requested', 'not before its time');
      clock.advance(2000);
      assert.ok(await until(async () => (await statusOf(open.doc.id)) === 'expired', 5000), 'expired within 5 s of the job');
      assert.equal(await statusOf(answered.doc.id), 'confirmed');
      const expired = (await server.http.get<Booking>(`/api/bookings/${open.doc.id}`, owner.token)).body;
      assert.deepEqual(expired.history.at(-1)?.by, 'service');
      for (const [action, expected] of Object.entries(table.expired ?? {})) {
        const res = await act(server, open.doc.id, action, { bearer: owner.token });
        assert.equal(res.status, expected, `expired → ${action}`);
        assert.deepEqual(errorFields(res.body), ['status']);
      }
      const token = await act(server, open.doc.id, 'cancel', { customerToken: open.token });
      assert.equal(token.status, 409);
    });
  });
}
