import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { DAY, act, createRentable, dayFromNow, requestBooking } from '../helpers/bookings.js';

type Quote = { product: string; from: string; to: string; units: number; time_unit: string; unitPrice: number | null; price: number | null; caution: number; total: number | null; available: boolean; violations: { field: string; message: string }[] };
type Availability = { product: string; from: string; to: string; busy: { from: string; to: string; kind: string }[]; days: { date: string; status: string }[] };

for (const dialect of dialects) {
  describe(`quotes and the availability calendar (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      other = await server.signUp();
      await createRentable(server, owner.token, 'daily');
      await createRentable(server, owner.token, 'hourly', { additional: { price: 15, caution: 0, time_unit: 'hour' } });
      await createRentable(server, owner.token, 'monthly', { additional: { price: 1000, caution: 2000, time_unit: 'month' } });
      await createRentable(server, owner.token, 'weekly', { additional: { price: 300, time_unit: 'week' } });
      await createRentable(server, owner.token, 'unpriced', { additional: { price: undefined, caution: undefined, time_unit: undefined } });
      await createRentable(server, owner.token, 'hidden', { settings: { published: false } });
    });
    after(() => server.close());

    const quote = (id: string, from: string, to: string, token?: string) =>
      server.http.get<Quote>(`/api/products/${id}/quote?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, token);

    it('answers every field of SPEC 8 for a rental the rules allow', async () => {
      const res = await quote('daily', dayFromNow(10), dayFromNow(12));
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, {
        product: 'daily', from: dayFromNow(10), to: dayFromNow(12), units: 3, time_unit: 'day', unitPrice: 100, price: 300, caution: 500, total: 800, available: true, violations: [],
      });
    });

    it('counts units in the product time unit, rounded up', async () => {
      const y = new Date().getUTCFullYear() + 2;
      const units = async (id: string, from: string, to: string) => (await quote(id, from, to)).body.units;
      // One hour of a daily product is a day; 24 hours and a millisecond are two.
      assert.equal(await units('daily', `${y}-05-04T10:00:00Z`, `${y}-05-04T11:00:00Z`), 1);
      assert.equal(await units('daily', `${y}-05-04T10:00:00Z`, `${y}-05-05T10:00:00.001Z`), 2);
      // Dates are whole UTC days with `to` inclusive; date-times half-open.
      assert.equal(await units('hourly', `${y}-05-04`, `${y}-05-04`), 24);
      assert.equal(await units('hourly', `${y}-05-04T08:00:00+02:00`, `${y}-05-04T09:30:00+02:00`), 2);
      // A month is 30 days: April (30) is one, January (31) two.
      assert.equal(await units('monthly', `${y}-04-01`, `${y}-04-30`), 1);
      assert.equal(await units('monthly', `${y}-01-01`, `${y}-01-31`), 2);
      assert.equal(await units('weekly', `${y}-04-01`, `${y}-04-07`), 1);
      assert.equal(await units('weekly', `${y}-04-01`, `${y}-04-08`), 2);
      // Offsets that change across a DST night: instants are counted, 23 and 25 hours.
      assert.equal(await units('hourly', `${y}-03-27T12:00:00+01:00`, `${y}-03-28T12:00:00+02:00`), 23);
      assert.equal(await units('hourly', `${y}-10-30T12:00:00+02:00`, `${y}-10-31T12:00:00+01:00`), 25);
      const month = await quote('monthly', `${y}-01-01`, `${y}-01-31`);
      assert.deepEqual([month.body.unitPrice, month.body.price, month.body.caution, month.body.total], [1000, 2000, 2000, 4000]);
    });

    it('has no price for a product without one, and counts it in days', async () => {
      const res = await quote('unpriced', dayFromNow(10), dayFromNow(11));
      assert.deepEqual([res.body.units, res.body.time_unit, res.body.unitPrice, res.body.price, res.body.caution, res.body.total], [2, 'day', null, null, 0, null]);
    });

    it('lists the overlap under `from`, and says a request would not be accepted', async () => {
      assert.equal((await server.http.post('/api/products/daily', { action: 'reserve', from: dayFromNow(20), to: dayFromNow(22), note: 'Novák, 777 111 222' }, owner.token)).status, 200);
      const res = await quote('daily', dayFromNow(22), dayFromNow(23));
      assert.equal(res.body.available, false);
      assert.deepEqual(res.body.violations.map((v) => v.field), ['from']);
      const past = await quote('daily', dayFromNow(-3), dayFromNow(-1));
      assert.deepEqual([past.body.available, past.body.violations.map((v) => v.field)], [false, ['from']]);
    });

    it('400 naming the parameter for a missing, malformed or reversed interval; 404 as a read', async () => {
      const fields = async (query: string) => {
        const res = await server.http.get(`/api/products/daily/quote${query}`);
        assert.equal(res.status, 400, res.text);
        return errorFields(res.body);
      };
      assert.deepEqual(await fields(''), ['from', 'to']);
      assert.deepEqual(await fields(`?from=${dayFromNow(5)}`), ['to']);
      assert.deepEqual(await fields(`?from=soon&to=${dayFromNow(5)}`), ['from']);
      assert.deepEqual(await fields(`?from=${dayFromNow(5)}&to=2027-13-01`), ['to']);
      assert.deepEqual(await fields(`?from=${dayFromNow(5)}&to=${dayFromNow(4)}`), ['to']);
      assert.deepEqual(await fields(`?from[a]=1&to=${dayFromNow(4)}`), ['from']);
      assert.equal((await quote('nope', dayFromNow(5), dayFromNow(6))).status, 404);
      assert.equal((await quote('hidden', dayFromNow(5), dayFromNow(6))).status, 404);
      assert.equal((await quote('hidden', dayFromNow(5), dayFromNow(6), other.token)).status, 404);
      const own = await quote('hidden', dayFromNow(5), dayFromNow(6), owner.token);
      assert.equal(own.status, 200);
      assert.equal(own.body.available, false, 'an unpublished product takes no requests');
      assert.deepEqual(own.body.violations, []);
    });

    it('the calendar: busy time merged with its kind, each day free, partial or busy, nothing personal', async () => {
      await createRentable(server, owner.token, 'cal');
      const y = new Date().getUTCFullYear() + 1;
      assert.equal((await server.http.post('/api/products/cal', { action: 'reserve', from: `${y}-06-02`, to: `${y}-06-03`, note: 'Secret note' }, owner.token)).status, 200);
      assert.equal((await server.http.post('/api/products/cal', { action: 'reserve', from: `${y}-06-04`, to: `${y}-06-04` }, owner.token)).status, 200);
      assert.equal((await server.http.post('/api/products/cal', { action: 'reserve', from: `${y}-06-07T10:00:00+02:00`, to: `${y}-06-07T14:00:00+02:00` }, owner.token)).status, 200);
      const { doc } = await requestBooking(server, 'cal', `${y}-06-09`, `${y}-06-10`);
      assert.equal((await act(server, doc.id, 'confirm', { bearer: owner.token })).status, 200);
      const ical = await server.http.get<{ availability: { reservationDates: unknown[] } }>('/api/products/cal?depth=0', owner.token);
      const items = [...ical.body.availability.reservationDates, { id: 'ext', from: `${y}-06-12T22:00:00Z`, to: `${y}-06-14T00:00:00Z`, source: 'ical', calendar: 'c', summary: 'Airbnb guest' }];
      assert.equal((await server.http.patch('/api/products/cal', { availability: { reservationDates: items } }, owner.token)).status, 200);
      const res = await server.http.get<Availability>(`/api/products/cal/availability?from=${y}-06-01&to=${y}-06-13`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.busy, [
        { from: `${y}-06-02T00:00:00.000Z`, to: `${y}-06-05T00:00:00.000Z`, kind: 'reserved' },
        { from: `${y}-06-07T08:00:00.000Z`, to: `${y}-06-07T12:00:00.000Z`, kind: 'reserved' },
        { from: `${y}-06-09T00:00:00.000Z`, to: `${y}-06-11T00:00:00.000Z`, kind: 'reserved' },
        { from: `${y}-06-12T22:00:00.000Z`, to: `${y}-06-14T00:00:00.000Z`, kind: 'external' },
      ]);
      assert.deepEqual(res.body.days.map((d) => d.status).join(' '), 'free busy busy busy free free partial free busy busy free partial busy');
      assert.deepEqual(res.body.days[0], { date: `${y}-06-01`, status: 'free' });
      assert.deepEqual([res.body.product, res.body.from, res.body.to], ['cal', `${y}-06-01`, `${y}-06-13`]);
      for (const secret of ['Secret', doc.id, 'Airbnb', 'jana', 'Nov', 'bookingId', 'note']) assert.ok(!res.text.includes(secret), `${secret} is not shown`);
      // The busy time is cut to the days asked for.
      const cut = await server.http.get<Availability>(`/api/products/cal/availability?from=${y}-06-03&to=${y}-06-03`);
      assert.deepEqual(cut.body.busy, [{ from: `${y}-06-03T00:00:00.000Z`, to: `${y}-06-04T00:00:00.000Z`, kind: 'reserved' }]);
    });

    it('defaults to today and the 89 days after it; at most 366 days, more is a 400 naming `to`', async () => {
      const res = await server.http.get<Availability>('/api/products/daily/availability');
      assert.equal(res.status, 200);
      assert.equal(res.body.days.length, 90);
      assert.equal(res.body.from, dayFromNow(0));
      assert.equal(res.body.to, dayFromNow(89));
      const from = await server.http.get<Availability>(`/api/products/daily/availability?from=${dayFromNow(10)}`);
      assert.deepEqual([from.body.from, from.body.to], [dayFromNow(10), dayFromNow(99)]);
      const year = await server.http.get<Availability>(`/api/products/daily/availability?from=${dayFromNow(0)}&to=${dayFromNow(365)}`);
      assert.equal(year.body.days.length, 366);
      const tooLong = await server.http.get(`/api/products/daily/availability?from=${dayFromNow(0)}&to=${dayFromNow(366)}`);
      assert.equal(tooLong.status, 400);
      assert.deepEqual(errorFields(tooLong.body), ['to']);
      const fields = async (query: string) => errorFields((await server.http.get(`/api/products/daily/availability?${query}`)).body);
      assert.deepEqual(await fields(`from=${dayFromNow(3)}&to=${dayFromNow(2)}`), ['to']);
      assert.deepEqual(await fields('from=2027-02-30'), ['from']);
      assert.deepEqual(await fields(`from=${dayFromNow(3)}T00:00:00Z&to=x`), ['from', 'to']);
      assert.equal((await server.http.get('/api/products/hidden/availability')).status, 404);
      assert.equal((await server.http.get('/api/products/hidden/availability', owner.token)).status, 200);
      assert.equal(Date.parse(`${dayFromNow(0)}T00:00:00Z`) + 89 * DAY, Date.parse(`${res.body.to}T00:00:00Z`));
    });
  });
}
