import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Product = Record<string, any>;

for (const dialect of dialects) {
  describe(`product actions (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ terms: [{ id: 't1' }] });
      other = await server.signUp();
      const res = await server.http.post('/api/products/act-1', {
        basic: { product_name: 'Kompresor', location: 'Brno' },
        additional: { price: 300, selectedTerm: 't1' },
        availability: { reservationDates: [{ id: 'existing', from: '2027-06-01', to: '2027-06-03' }] },
      }, owner.token);
      assert.equal(res.status, 201, res.text);
    });
    after(() => server.close());

    it('publish and unpublish, by body or by query', async () => {
      const published = await server.http.post<Product>('/api/products/act-1', { action: 'publish' }, owner.token);
      assert.equal(published.status, 200);
      assert.equal(published.body.settings.published, true);
      assert.equal((await server.http.get('/api/products/act-1')).status, 200, 'anonymous readers see it now');
      const unpublished = await server.http.post<Product>('/api/products/act-1?action=unpublish', undefined, owner.token);
      assert.equal(unpublished.body.settings.published, false);
    });

    it("a built-in action's unknown argument is a 400 naming it (SPEC 1), and changes nothing", async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{ action: 'publish', zzz: 1 }, ['zzz']],
        [{ action: 'reserve', from: '2027-05-01', to: '2027-05-02', colour: 'red', size: 2 }, ['colour', 'size']],
        [{ action: 'release', reservationId: 'x', note: 'n' }, ['note']],
        [{ action: 'duplicate', newId: 'act-copy-x', published: true }, ['published']],
      ];
      for (const [body, fields] of cases) {
        const res = await server.http.post('/api/products/act-1', body, owner.token);
        assert.equal(res.status, 400, res.text);
        assert.deepEqual(errorFields(res.body), fields);
      }
      const stored = await server.http.get<Product>('/api/products/act-1', owner.token);
      assert.equal(stored.body.settings.published, false);
      assert.equal((await server.http.get('/api/products/act-copy-x', owner.token)).status, 404);
    });

    it('actions need the owner (401 anonymous, 404 hidden from others, 403 visible to others) and an existing product', async () => {
      assert.equal((await server.http.post('/api/products/act-1?action=publish')).status, 401);
      assert.equal((await server.http.post('/api/products/act-1?action=publish', undefined, other.token)).status, 404);
      await server.http.post('/api/products/act-1?action=publish', undefined, owner.token);
      assert.equal((await server.http.post('/api/products/act-1?action=unpublish', undefined, other.token)).status, 403);
      assert.equal((await server.http.post('/api/products/nope?action=publish', undefined, owner.token)).status, 404);
      const unknown = await server.http.post('/api/products/act-1?action=fly', undefined, owner.token);
      assert.equal(unknown.status, 400);
      assert.deepEqual(errorFields(unknown.body), ['action']);
    });

    it('names every object inherits are unknown actions: 400 naming action, not a fault', async () => {
      for (const action of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', '__defineGetter__']) {
        for (const token of [owner.token, undefined]) {
          const byBody = await server.http.post('/api/products/act-1', { action }, token);
          assert.equal(byBody.status, 400, `${action}: ${byBody.text}`);
          assert.deepEqual(errorFields(byBody.body), ['action']);
          const byQuery = await server.http.post(`/api/products/act-1?action=${action}`, undefined, token);
          assert.equal(byQuery.status, 400, `${action}: ${byQuery.text}`);
          assert.deepEqual(errorFields(byQuery.body), ['action']);
        }
      }
    });

    it('reserve appends with a generated id; overlaps are 409; bad dates 400', async () => {
      const res = await server.http.post<Product>('/api/products/act-1', { action: 'reserve', from: '2027-06-04', to: '2027-06-04', note: 'Novák' }, owner.token);
      assert.equal(res.status, 200, res.text);
      const added = res.body.availability.reservationDates.at(-1);
      assert.match(added.id, /^[0-9a-f]{24}$/);
      assert.deepEqual({ ...added, id: undefined }, { id: undefined, from: '2027-06-04', to: '2027-06-04', note: 'Novák' });
      const overlap = await server.http.post('/api/products/act-1', { action: 'reserve', from: '2027-06-03', to: '2027-06-05' }, owner.token);
      assert.equal(overlap.status, 409);
      assert.deepEqual(errorFields(overlap.body), ['availability.reservationDates']);
      const bad = await server.http.post('/api/products/act-1', { action: 'reserve', from: 'tomorrow' }, owner.token);
      assert.equal(bad.status, 400);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['from', 'to']));
    });

    it('of concurrent overlapping reservations exactly one wins', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          server.http.post('/api/products/act-1', { action: 'reserve', from: `2027-07-${String(10 + (i % 3)).padStart(2, '0')}`, to: '2027-07-15' }, owner.token),
        ),
      );
      const statuses = attempts.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, JSON.stringify(statuses));
      assert.equal(statuses.filter((s) => s === 409).length, 11, JSON.stringify(statuses));
      const doc = (await server.http.get<Product>('/api/products/act-1', owner.token)).body;
      assert.equal(doc.availability.reservationDates.filter((r: { to: string }) => r.to === '2027-07-15').length, 1);
    });

    it('release removes a reservation; an unknown id is 404 naming reservationId', async () => {
      const released = await server.http.post<Product>('/api/products/act-1', { action: 'release', reservationId: 'existing' }, owner.token);
      assert.equal(released.status, 200);
      assert.ok(!released.body.availability.reservationDates.some((r: { id: string }) => r.id === 'existing'));
      const again = await server.http.post('/api/products/act-1', { action: 'release', reservationId: 'existing' }, owner.token);
      assert.equal(again.status, 404);
      assert.deepEqual(errorFields(again.body), ['reservationId']);
      const free = await server.http.get<{ totalDocs: number }>('/api/products/count?availableFrom=2027-06-01&availableTo=2027-06-02&where[id][equals]=act-1', owner.token);
      assert.equal(free.body.totalDocs, 1, 'the released days are available again');
    });

    it('duplicate makes an unpublished copy with a fresh slug and no reservations (201)', async () => {
      const copy = await server.http.post<Product>('/api/products/act-1', { action: 'duplicate', newId: 'act-1-copy' }, owner.token);
      assert.equal(copy.status, 201, copy.text);
      assert.equal(copy.headers.get('location'), '/api/products/act-1-copy');
      assert.equal(copy.body.id, 'act-1-copy');
      assert.equal(copy.body.settings.published, false);
      assert.equal(copy.body.settings.slug, 'kompresor-2');
      assert.deepEqual(copy.body.availability.reservationDates, []);
      assert.equal(copy.body.additional.selectedTerm, 't1');
      assert.equal(copy.body.basic.rent_owner.id, owner.id);
      const generated = await server.http.post<Product>('/api/products/act-1?action=duplicate', undefined, owner.token);
      assert.equal(generated.status, 201);
      assert.match(generated.body.id, /^[0-9a-f]{24}$/);
      const taken = await server.http.post('/api/products/act-1', { action: 'duplicate', newId: 'act-1-copy' }, owner.token);
      assert.equal(taken.status, 409);
      const invalid = await server.http.post('/api/products/act-1', { action: 'duplicate', newId: 'bad id!' }, owner.token);
      assert.equal(invalid.status, 400);
      assert.deepEqual(errorFields(invalid.body), ['newId']);
    });
  });
}
