import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { CUSTOMER, act, createRentable, dayFromNow, requestBooking } from '../helpers/bookings.js';

type Quote = { units: number; unitPrice: number; price: number; total: number; available: boolean; violations: { field: string }[] };
type Availability = { busy: { from: string; to: string; kind: string }[]; days: { date: string; status: string }[] };

const RULES = { min_duration: 'P2D', max_duration: 'P10D', lead_time: 'P2D', buffer_before: 'P1D', buffer_after: 'P1D', price_tiers: [{ min_units: 3, price: 90 }, { min_units: 7, price: 70 }] };

for (const dialect of dialects) {
  describe(`rental rules on requests, quotes, confirmations and the availability filter (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      await createRentable(server, owner.token, 'ruled', { additional: RULES });
      await createRentable(server, owner.token, 'plain');
    });
    after(() => server.close());

    const ask = (product: string, from: string, to: string, customer: object = CUSTOMER) => server.http.post('/api/bookings', { product, from, to, customer });
    const quote = (from: string, to: string) => server.http.get<Quote>(`/api/products/ruled/quote?from=${from}&to=${to}`);

    it('stores the rules on the product and validates them, each field named', async () => {
      const doc = (await server.http.get<{ additional: Record<string, unknown> }>('/api/products/ruled')).body;
      assert.deepEqual(doc.additional, { price: 100, caution: 500, time_unit: 'day', ...RULES });
      const bad = await server.http.patch('/api/products/ruled', { additional: { min_duration: '2 days', lead_time: 'P-1D', buffer_after: 5, price_tiers: [{ min_units: 5, price: 1 }, { min_units: 5, price: 2 }, { min_units: 1, price: -1 }] } }, owner.token);
      assert.equal(bad.status, 400);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['additional.min_duration', 'additional.lead_time', 'additional.buffer_after', 'additional.price_tiers.1.min_units', 'additional.price_tiers.2.min_units', 'additional.price_tiers.2.price']));
    });

    it('refuses a longest rental shorter than the shortest, on a change of either, and keeps the stored rules', async () => {
      const shorter = await server.http.patch('/api/products/ruled', { additional: { max_duration: 'P1D' } }, owner.token);
      assert.equal(shorter.status, 400, shorter.text);
      assert.deepEqual(errorFields(shorter.body), ['additional.max_duration']);
      const longer = await server.http.patch('/api/products/ruled', { additional: { min_duration: 'PT241H' } }, owner.token);
      assert.deepEqual(errorFields(longer.body), ['additional.max_duration'], 'the maximum is named whichever changed');
      const created = await server.http.post('/api/products', { basic: { product_name: 'Odd rules' }, additional: { min_duration: 'P1W', max_duration: 'P6D' } }, owner.token);
      assert.deepEqual(errorFields(created.body), ['additional.max_duration']);
      assert.equal((await server.http.patch('/api/products/ruled', { additional: { max_duration: 'PT48H' } }, owner.token)).status, 200, 'equal bounds: exactly one length');
      assert.equal((await server.http.patch('/api/products/ruled', { additional: { max_duration: RULES.max_duration } }, owner.token)).status, 200);
      const doc = (await server.http.get<{ additional: Record<string, unknown> }>('/api/products/ruled')).body;
      assert.deepEqual(doc.additional, { price: 100, caution: 500, time_unit: 'day', ...RULES });
    });

    it('each rule broken alone, and all at once, is named in the 400 and in the quote', async () => {
      const cases: [string, string, string[]][] = [
        [dayFromNow(10), dayFromNow(12), []],
        [dayFromNow(1), dayFromNow(3), ['from']],
        [dayFromNow(20), dayFromNow(20), ['to']],
        [dayFromNow(30), dayFromNow(41), ['to']],
        [dayFromNow(1), dayFromNow(1), ['from', 'to']],
      ];
      for (const [from, to, fields] of cases) {
        const q = await quote(from, to);
        assert.deepEqual(q.body.violations.map((v) => v.field), fields, `quote ${from}–${to}`);
        assert.equal(q.body.available, fields.length === 0);
        const res = await ask('ruled', from, to);
        assert.equal(res.status, fields.length === 0 ? 201 : 400, `${from}–${to}: ${res.text}`);
        if (fields.length > 0) assert.deepEqual(errorFields(res.body), fields);
      }
      const everything = await ask('ruled', dayFromNow(1), dayFromNow(1), { name: '', email: 'x' });
      assert.deepEqual(new Set(errorFields(everything.body)), new Set(['from', 'to', 'customer.name', 'customer.email']));
      // The lead time runs from now, to 00:00 UTC of a date: two days ahead starts sooner than 48 hours.
      assert.deepEqual(errorFields((await ask('ruled', dayFromNow(2), dayFromNow(3))).body), ['from']);
      assert.equal((await ask('ruled', dayFromNow(3), dayFromNow(4))).status, 201);
      const tooSoon = await ask('ruled', new Date(Date.now() + 47 * 3_600_000).toISOString(), new Date(Date.now() + 100 * 3_600_000).toISOString());
      assert.deepEqual(errorFields(tooSoon.body), ['from']);
    });

    it('applies the tier that fits: 2 days at the price, 3–6 at 90, 7 at 70', async () => {
      const priced = async (days: number) => {
        const q = (await quote(dayFromNow(100), dayFromNow(99 + days))).body;
        return [q.units, q.unitPrice, q.price, q.total];
      };
      assert.deepEqual(await priced(2), [2, 100, 200, 700]);
      assert.deepEqual(await priced(3), [3, 90, 270, 770]);
      assert.deepEqual(await priced(6), [6, 90, 540, 1040]);
      assert.deepEqual(await priced(7), [7, 70, 490, 990]);
      const booked = await requestBooking(server, 'ruled', dayFromNow(100), dayFromNow(106));
      assert.deepEqual(booked.doc.quote, { units: 7, time_unit: 'day', unitPrice: 70, price: 490, caution: 500, total: 990 });
    });

    it('keeps the buffers between rentals: requests and confirmations, but not the owner’s reserve', async () => {
      assert.equal((await server.http.post('/api/products/ruled', { action: 'reserve', from: dayFromNow(50), to: dayFromNow(52) }, owner.token)).status, 200);
      // The reservation's buffer after and the request's before: two days between them.
      assert.equal((await ask('ruled', dayFromNow(53), dayFromNow(54))).status, 409);
      assert.equal((await ask('ruled', dayFromNow(54), dayFromNow(55))).status, 409);
      assert.equal((await ask('ruled', dayFromNow(45), dayFromNow(48))).status, 409);
      assert.equal((await ask('ruled', dayFromNow(45), dayFromNow(47))).status, 201);
      const after = await ask('ruled', dayFromNow(55), dayFromNow(56));
      assert.equal(after.status, 201, after.text);
      // The owner may put a reservation inside a buffer.
      assert.equal((await server.http.post('/api/products/ruled', { action: 'reserve', from: dayFromNow(53), to: dayFromNow(53) }, owner.token)).status, 200);
      // Two requests a day apart are both taken; confirming the second after the first is not.
      const a = await requestBooking(server, 'ruled', dayFromNow(60), dayFromNow(61));
      const b = await requestBooking(server, 'ruled', dayFromNow(63), dayFromNow(64));
      assert.equal((await act(server, a.doc.id, 'confirm', { bearer: owner.token })).status, 200);
      const second = await act(server, b.doc.id, 'confirm', { bearer: owner.token });
      assert.equal(second.status, 409);
      assert.deepEqual(errorFields(second.body), ['from']);
    });

    it('shows the buffers in the calendar', async () => {
      const res = await server.http.get<Availability>(`/api/products/ruled/availability?from=${dayFromNow(48)}&to=${dayFromNow(56)}`);
      const at = (days: number) => `${dayFromNow(days)}T00:00:00.000Z`;
      assert.deepEqual(res.body.busy, [
        { from: at(49), to: at(50), kind: 'buffer' },
        { from: at(50), to: at(54), kind: 'reserved' },
        { from: at(54), to: at(55), kind: 'buffer' },
      ]);
      assert.equal(res.body.days.map((d) => d.status).join(' '), 'free busy busy busy busy busy busy free free');
    });

    it('the availability filter keeps the buffers, from an index, and follows a change of buffers', async () => {
      assert.equal((await server.http.post('/api/products/plain', { action: 'reserve', from: dayFromNow(50), to: dayFromNow(52) }, owner.token)).status, 200);
      const listed = async (from: string, to: string) =>
        (await server.http.get<{ docs: { id: string }[] }>(`/api/products?where[id][in]=ruled,plain&availableFrom=${from}&availableTo=${to}&sort=id&depth=0`)).body.docs.map((doc) => doc.id);
      const counted = async (from: string, to: string) => (await server.http.get<{ totalDocs: number }>(`/api/products/count?where[id][in]=ruled,plain&availableFrom=${from}&availableTo=${to}`)).body.totalDocs;
      assert.deepEqual(await listed(dayFromNow(70), dayFromNow(71)), ['plain', 'ruled']);
      assert.deepEqual(await listed(dayFromNow(55), dayFromNow(55)), ['plain']);
      assert.equal(await counted(dayFromNow(55), dayFromNow(55)), 1);
      assert.deepEqual(await listed(dayFromNow(48), dayFromNow(49)), ['plain']);
      assert.deepEqual(await listed(dayFromNow(62), dayFromNow(62)), ['plain'], 'the confirmed booking and its buffers');
      // Without buffers the product's reservations block only their own days.
      assert.equal((await server.http.patch('/api/products/ruled', { additional: { buffer_before: null, buffer_after: null } }, owner.token)).status, 200);
      assert.deepEqual(await listed(dayFromNow(55), dayFromNow(55)), ['plain', 'ruled']);
      assert.deepEqual(await listed(dayFromNow(62), dayFromNow(62)), ['plain', 'ruled']);
      assert.equal((await server.http.patch('/api/products/ruled', { additional: { buffer_after: 'P3D' } }, owner.token)).status, 200);
      assert.deepEqual(await listed(dayFromNow(55), dayFromNow(55)), ['plain']);
    });
  });
}
