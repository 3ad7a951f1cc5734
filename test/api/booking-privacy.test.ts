import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { act, createRentable, dayFromNow, requestBooking } from '../helpers/bookings.js';

const SECRET_CUSTOMER = { name: 'Zdeněk Tajný', email: 'tajny.zakaznik@example.org', phone: '+420 600 999 888', note: 'heslo-k-brane-4711' };
const SECRETS = ['Zden', 'Tajn', 'tajny', 'zakaznik', '600 999 888', '600999888', 'heslo-k-brane'];

/**
 * Customers' details reach only the product's owner, an admin and the token holder. Every other
 * door of the API is walked, as an anonymous caller and as another owner, and none shows them.
 */
for (const dialect of dialects) {
  describe(`customers' details stay private (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let stranger: { id: string; token: string };
    let admin: { id: string; token: string };
    const bookings: { id: string; token: string }[] = [];

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      stranger = await server.signUp();
      admin = await server.signUp({ admin: true });
      await createRentable(server, owner.token, 'camera');
      await createRentable(server, stranger.token, 'strangers-own');
      const confirmed = await requestBooking(server, 'camera', dayFromNow(30), dayFromNow(32), SECRET_CUSTOMER);
      assert.equal((await act(server, confirmed.doc.id, 'confirm', { bearer: owner.token })).status, 200);
      const open = await requestBooking(server, 'camera', dayFromNow(40), dayFromNow(41), SECRET_CUSTOMER);
      bookings.push({ id: confirmed.doc.id, token: confirmed.token }, { id: open.doc.id, token: open.token });
    });
    after(() => server.close());

    const leaks = (text: string): string[] => [...SECRETS, ...bookings.map((b) => b.token)].filter((secret) => text.includes(secret));

    it('no product read, list, count, quote or calendar shows them, at either depth, to anyone', async () => {
      const doors = [
        '/api/products/camera', '/api/products/camera?depth=0', '/api/products/camera?depth=1',
        '/api/products', '/api/products?depth=0', `/api/products?availableFrom=${dayFromNow(29)}&availableTo=${dayFromNow(45)}`,
        '/api/products?select[availability]=true', '/api/products/count', `/api/products/count?availableFrom=${dayFromNow(31)}`,
        `/api/products/camera/quote?from=${dayFromNow(30)}&to=${dayFromNow(31)}`, `/api/products/camera/availability?from=${dayFromNow(25)}&to=${dayFromNow(45)}`,
        `/api/rents/${owner.id}`, '/api/rents', '/api/openapi.json',
      ];
      for (const token of [undefined, stranger.token, owner.token]) {
        for (const door of doors) {
          const res = await server.http.get(door, token);
          assert.ok(res.status < 500, `${door}: ${res.status}`);
          assert.deepEqual(leaks(res.text), [], `${door} as ${token === undefined ? 'anonymous' : token === owner.token ? 'the owner' : 'a stranger'}`);
        }
      }
      // The product's reservation names its booking, but nothing of the customer.
      const product = (await server.http.get<{ availability: { reservationDates: Record<string, unknown>[] } }>('/api/products/camera?depth=0')).body;
      const held = product.availability.reservationDates.find((item) => item.bookingId === bookings[0]?.id);
      assert.deepEqual(Object.keys(held ?? {}).sort(), ['bookingId', 'from', 'id', 'to']);
    });

    it('bookings are shut to anonymous callers and other owners, whatever they filter on', async () => {
      for (const path of ['/api/bookings', '/api/bookings/count', `/api/bookings?where[customer.email][equals]=${SECRET_CUSTOMER.email}`]) {
        const res = await server.http.get(path);
        assert.equal(res.status, 401, path);
        assert.deepEqual(leaks(res.text), []);
      }
      const probes = [
        `/api/bookings?where[customer.email][equals]=${SECRET_CUSTOMER.email}`,
        '/api/bookings?where[customer.email][like]=tajny',
        '/api/bookings?where[customer.email][exists]=true&limit=100',
        `/api/bookings/count?where[customer.email][contains]=example.org`,
        `/api/bookings?where[product][equals]=camera`,
        `/api/bookings?where[owner][equals]=${owner.id}`,
      ];
      for (const probe of probes) {
        const res = await server.http.get<{ totalDocs: number }>(probe, stranger.token);
        assert.equal(res.status, 200, probe);
        assert.equal(res.body.totalDocs, 0, probe);
        assert.deepEqual(leaks(res.text), [], probe);
      }
      for (const { id, token } of bookings) {
        for (const [path, bearer] of [[`/api/bookings/${id}`, undefined], [`/api/bookings/${id}`, stranger.token], [`/api/bookings/${id}?token=${token.slice(1)}`, undefined]] as const) {
          const res = await server.http.get(path, bearer);
          assert.equal(res.status, 404, path);
          assert.deepEqual(leaks(res.text), []);
        }
        const change = await server.http.post(`/api/bookings/${id}`, { action: 'cancel' }, stranger.token);
        assert.equal(change.status, 404);
        assert.deepEqual(leaks(change.text), []);
      }
      // A `where` on the customer is no product field.
      assert.equal((await server.http.get('/api/products?where[customer.email][equals]=x')).status, 400);
    });

    it('the owner, an admin and the token holder see them', async () => {
      const [confirmed] = bookings as [{ id: string; token: string }];
      for (const [path, bearer] of [[`/api/bookings/${confirmed.id}`, owner.token], [`/api/bookings/${confirmed.id}`, admin.token], [`/api/bookings/${confirmed.id}?token=${confirmed.token}`, undefined]] as const) {
        const res = await server.http.get<{ customer: unknown }>(path, bearer);
        assert.deepEqual(res.body.customer, SECRET_CUSTOMER);
        assert.ok(!res.text.includes(confirmed.token), 'the token is never shown again');
      }
      const listed = await server.http.get<{ totalDocs: number }>(`/api/bookings?where[customer.email][equals]=${SECRET_CUSTOMER.email}`, owner.token);
      assert.equal(listed.body.totalDocs, 2);
    });
  });
}
