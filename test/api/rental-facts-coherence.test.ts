import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { act, createRentable, dayFromNow, requestBooking } from '../helpers/bookings.js';
import { ProductReadModel } from '../../src/read-model/products/product-read-model.js';
import type { Grant } from '../../src/operations/access.js';
import type { Storage } from '../../src/storage/storage.js';

type Quote = { unitPrice: number | null; available: boolean; violations: { field: string }[] };
type Availability = { busy: { from: string; to: string; kind: string }[]; days: { date: string; status: string }[] };

const ALL: Grant = { kind: 'all', key: 'all' };

for (const dialect of dialects) {
  describe(`the quote and the calendar follow every change of the product (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
    });
    after(() => server.close());

    const quote = (id: string, from: string, to: string, token?: string) => server.http.get<Quote>(`/api/products/${id}/quote?from=${from}&to=${to}`, token);
    const calendar = (id: string, from: string, to: string, token?: string) => server.http.get<Availability>(`/api/products/${id}/availability?from=${from}&to=${to}`, token);
    const statuses = async (id: string, from: string, to: string) => (await calendar(id, from, to)).body.days.map((day) => day.status).join(' ');

    it('a reservation, a confirmed booking, a PATCH of the rules and prices, unpublishing', async () => {
      await createRentable(server, owner.token, 'follow');
      // Read first, so that what follows is answered from the facts kept by these reads.
      assert.equal((await quote('follow', dayFromNow(30), dayFromNow(31))).body.available, true);
      assert.equal(await statuses('follow', dayFromNow(29), dayFromNow(32)), 'free free free free');

      assert.equal((await server.http.post('/api/products/follow', { action: 'reserve', from: dayFromNow(30), to: dayFromNow(31) }, owner.token)).status, 200);
      const reserved = await quote('follow', dayFromNow(30), dayFromNow(31));
      assert.deepEqual([reserved.body.available, reserved.body.violations.map((v) => v.field)], [false, ['from']]);
      assert.equal(await statuses('follow', dayFromNow(29), dayFromNow(32)), 'free busy busy free');

      assert.equal((await quote('follow', dayFromNow(40), dayFromNow(40))).body.available, true);
      const { doc } = await requestBooking(server, 'follow', dayFromNow(40), dayFromNow(40));
      assert.equal((await act(server, doc.id, 'confirm', { bearer: owner.token })).status, 200);
      assert.equal((await quote('follow', dayFromNow(40), dayFromNow(40))).body.available, false);
      assert.equal(await statuses('follow', dayFromNow(39), dayFromNow(41)), 'free busy free');

      // Buffers of a day after each reservation, and a new price, by PATCH.
      assert.equal((await server.http.patch('/api/products/follow', { additional: { buffer_after: 'P1D', price: 250 } }, owner.token)).status, 200);
      assert.equal(await statuses('follow', dayFromNow(39), dayFromNow(42)), 'free busy busy free');
      assert.deepEqual((await calendar('follow', dayFromNow(41), dayFromNow(41))).body.busy.map((b) => b.kind), ['buffer']);
      assert.equal((await quote('follow', dayFromNow(50), dayFromNow(50))).body.unitPrice, 250);

      // The reservations replaced whole by PATCH: only the one left shows.
      const stored = await server.http.get<{ availability: { reservationDates: { from: string }[] } }>('/api/products/follow?depth=0', owner.token);
      const kept = stored.body.availability.reservationDates.filter((item) => item.from === dayFromNow(40));
      assert.equal((await server.http.patch('/api/products/follow', { availability: { reservationDates: kept } }, owner.token)).status, 200);
      assert.equal(await statuses('follow', dayFromNow(29), dayFromNow(32)), 'free free free free');
      assert.equal((await quote('follow', dayFromNow(30), dayFromNow(31))).body.available, true);

      assert.equal((await server.http.patch('/api/products/follow', { settings: { published: false } }, owner.token)).status, 200);
      assert.equal((await quote('follow', dayFromNow(30), dayFromNow(31))).status, 404);
      assert.equal((await calendar('follow', dayFromNow(30), dayFromNow(31))).status, 404);
      const own = await quote('follow', dayFromNow(30), dayFromNow(31), owner.token);
      assert.deepEqual([own.status, own.body.available], [200, false]);
      assert.equal((await server.http.delete('/api/products/follow', owner.token)).status, 200);
      assert.equal((await quote('follow', dayFromNow(30), dayFromNow(31), owner.token)).status, 404);
    });

    it('does not keep facts read before a write that commits while the read finishes', async () => {
      await createRentable(server, owner.token, 'race');
      // The real storage, with each point read held after it has read its row until the test lets it go.
      let release = () => {};
      let held = 0;
      const products = Object.create(server.storage.products) as Storage['products'];
      products.get = async (id) => {
        const row = await server.storage.products.get(id);
        held++;
        await new Promise<void>((go) => (release = go));
        return row;
      };
      const model = new ProductReadModel({
        storage: { ...server.storage, products } as Storage,
        log: { warn: () => {} },
        anonymousGrant: async () => ALL,
        callerDependent: () => false,
      });
      const unsubscribe = server.storage.changes.onCommitted((change) => model.onCommitted(change));
      try {
        const reading = model.rentalFacts('race', ALL);
        while (held === 0) await new Promise((tick) => setImmediate(tick));
        assert.equal((await server.http.post('/api/products/race', { action: 'reserve', from: dayFromNow(30), to: dayFromNow(31) }, owner.token)).status, 200);
        release();
        const before = await reading;
        assert.deepEqual(before?.reservations, [], 'the read saw the row as it was before the write');
        assert.equal(model.caches.products.get('race')?.rental, undefined, 'and its facts were not kept');
        const next = model.rentalFacts('race', ALL);
        while (held === 1) await new Promise((tick) => setImmediate(tick));
        release();
        assert.equal((await next)?.reservations.length, 3, 'the next read sees the reservation');
        assert.ok(model.caches.products.get('race')?.rental);
        assert.equal((await model.rentalFacts('race', ALL))?.reservations.length, 3);
        assert.equal(held, 2, 'the last read was answered from the kept facts');
      } finally {
        unsubscribe();
      }
    });
  });
}
