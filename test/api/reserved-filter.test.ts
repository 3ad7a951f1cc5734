import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { errorFields } from '../helpers/http.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

type Page = { docs: { id: string }[]; totalDocs: number; totalPages: number };

/**
 * `reservedFrom`/`reservedTo` on GET /api/products (and /count): the products with a
 * reservation overlapping an interval, as the dashboard's overview asks for the week's
 * pick-ups and returns. The complement of `availableFrom`/`availableTo` without buffers.
 */
for (const dialect of dialects) {
  describe(`products reserved between two dates (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };

    const create = async (id: string, token: string, reservations: { from: string; to: string }[], published = true) => {
      const res = await server.http.post(`/api/products/${id}`, { basic: { product_name: id }, settings: { published }, availability: { reservationDates: reservations } }, token);
      assert.equal(res.status, 201, res.text);
    };
    const ids = async (query: string, token?: string) => {
      const res = await server.http.get<Page>(`/api/products?${query}&sort=basic.product_name&limit=100`, token);
      assert.equal(res.status, 200, res.text);
      const count = await server.http.get<{ totalDocs: number }>(`/api/products/count?${query}`, token);
      assert.equal(count.body.totalDocs, res.body.totalDocs, 'the count agrees with the list');
      return res.body.docs.map((doc) => doc.id);
    };

    before(async () => {
      server = await startServer(dialect);
      [owner, other] = await Promise.all([server.signUp(), server.signUp()]);
      await create('a-before', owner.token, [{ from: '2027-03-01', to: '2027-03-09' }]);
      await create('b-starts-in', owner.token, [{ from: '2027-03-12', to: '2027-03-20' }]);
      await create('c-ends-in', owner.token, [{ from: '2027-03-05', to: '2027-03-10' }]);
      await create('d-spans', owner.token, [{ from: '2027-02-01', to: '2027-04-30' }]);
      await create('e-timed', owner.token, [{ from: '2027-03-16T22:00:00Z', to: '2027-03-17T06:00:00Z' }]);
      await create('f-free', owner.token, []);
      await create('g-hidden', owner.token, [{ from: '2027-03-12', to: '2027-03-12' }], false);
      await create('h-other-owner', other.token, [{ from: '2027-03-11', to: '2027-03-11' }, { from: '2027-06-01', to: '2027-06-02' }]);
    });
    after(() => server.close());

    it('lists the products with a reservation overlapping the interval, whole dates inclusive', async () => {
      const week = 'reservedFrom=2027-03-10&reservedTo=2027-03-16';
      assert.deepEqual(await ids(week, owner.token), ['b-starts-in', 'c-ends-in', 'd-spans', 'e-timed', 'g-hidden', 'h-other-owner']);
      // The 10th is c's last day: a range starting on the 11th misses it; the timed one ends at 06:00 on the 17th.
      assert.deepEqual(await ids('reservedFrom=2027-03-11&reservedTo=2027-03-16', owner.token), ['b-starts-in', 'd-spans', 'e-timed', 'g-hidden', 'h-other-owner']);
      assert.deepEqual(await ids('reservedFrom=2027-03-17T06:00:00Z&reservedTo=2027-03-17T07:00:00Z', owner.token), ['b-starts-in', 'd-spans']);
      // Read access still decides: the public sees published products only; a where narrows to one owner.
      assert.deepEqual(await ids(week), ['b-starts-in', 'c-ends-in', 'd-spans', 'e-timed', 'h-other-owner']);
      assert.deepEqual(await ids(`${week}&where[basic.rent_owner][equals]=${other.id}`, other.token), ['h-other-owner']);
      // Open-ended on either side.
      assert.deepEqual(await ids('reservedFrom=2027-05-01', other.token), ['h-other-owner']);
      assert.deepEqual(await ids('reservedTo=2027-03-01', owner.token), ['a-before', 'd-spans']);
    });

    it('pages and combines with the other filters', async () => {
      const res = await server.http.get<Page>('/api/products?reservedFrom=2027-03-10&reservedTo=2027-03-16&sort=basic.product_name&limit=2&page=2', owner.token);
      assert.deepEqual(res.body.docs.map((doc) => doc.id), ['d-spans', 'e-timed']);
      assert.equal(res.body.totalDocs, 6);
      assert.equal(res.body.totalPages, 3);
      assert.deepEqual(await ids('reservedFrom=2027-03-10&reservedTo=2027-03-16&availableFrom=2027-03-01&availableTo=2027-03-03', owner.token), ['b-starts-in', 'c-ends-in', 'e-timed', 'g-hidden', 'h-other-owner']);
      assert.deepEqual(await ids('reservedFrom=2027-03-10&reservedTo=2027-03-16&q=spans', owner.token), ['d-spans']);
    });

    it('names each bad parameter in one 400', async () => {
      const bad = await server.http.get('/api/products?reservedFrom=tomorrow&reservedTo=2027-13-01&availableFrom=x');
      assert.equal(bad.status, 400);
      assert.deepEqual([...errorFields(bad.body)].sort(), ['availableFrom', 'reservedFrom', 'reservedTo']);
      const reversed = await server.http.get('/api/products/count?reservedFrom=2027-03-10&reservedTo=2027-03-01');
      assert.equal(reversed.status, 400);
      assert.deepEqual(errorFields(reversed.body), ['reservedTo']);
    });
  });
}
