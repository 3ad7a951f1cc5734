import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import qs from 'qs';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Product = { id: string; basic: { product_name: string; location?: string; rent_owner: string | { id: string } }; additional: { price?: number }; settings: { published: boolean }; updatedAt: string; availability: { reservationDates: unknown[] } };
type Bulk = { docs: Product[]; errors: { id: string; message: string; field?: string }[]; message: string };
type Page = { docs: Product[]; totalDocs: number };

/** PATCH and DELETE /api/products with a `where`: Payload's bulk changes, each product as its own endpoint would change it. */
for (const dialect of dialects) {
  describe(`bulk PATCH and DELETE /api/products (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };
    let run = 0;
    const path = (query: Record<string, unknown>) => `/api/products?${qs.stringify(query)}`;
    const read = (id: string) => server.http.get<Product>(`/api/products/${id}?depth=0`, admin.token);
    /** Each test its own products (ids prefixed by the test's number), so that tests do not see each other's. */
    let p = (name: string) => name;

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      other = await server.signUp();
      admin = await server.signUp({ admin: true });
    });
    beforeEach(async () => {
      run += 1;
      const prefix = `t${run}`;
      p = (name: string) => `${prefix}${name}`;
      const make = async (id: string, token: string, location: string, price: number, published: boolean) => {
        const res = await server.http.post(`/api/products/${p(id)}`, { basic: { product_name: `${prefix} ${id}`, location: `${prefix}${location}` }, additional: { price }, settings: { published } }, token);
        assert.equal(res.status, 201, res.text);
      };
      await make('a1', owner.token, 'Brno', 100, true);
      await make('a2', owner.token, 'Brno', 200, false);
      await make('a3', owner.token, 'Praha', 300, true);
      await make('b1', other.token, 'Brno', 400, true);
      await make('b2', other.token, 'Brno', 500, false);
    });
    after(() => server.close());

    it('updates every match the caller may change, and reads see it', async () => {
      const before = (await read(p('a1'))).body;
      const where = { 'basic.rent_owner': { equals: owner.id }, 'basic.location': { equals: p('Brno') } };
      const res = await server.http.patch<Bulk>(path({ where, sort: 'id', depth: 0 }), { additional: { price: 999 } }, owner.token);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.docs.map((doc) => [doc.id, doc.additional.price, doc.basic.rent_owner]), [[p('a1'), 999, owner.id], [p('a2'), 999, owner.id]]);
      assert.deepEqual(res.body.errors, []);
      assert.equal(res.body.message, 'Updated 2 Products successfully.');
      const after = (await read(p('a1'))).body;
      assert.equal(after.additional.price, 999);
      assert.equal(after.basic.product_name, before.basic.product_name, 'a deep merge, as PATCH /:id');
      assert.ok(after.updatedAt > before.updatedAt);
      assert.equal((await read(p('a3'))).body.additional.price, 300, 'a product outside the where is untouched');
      const listed = await server.http.get<Page>(path({ where: { 'additional.price': { equals: 999 } }, depth: 0 }), owner.token);
      assert.deepEqual(listed.body.docs.map((doc) => doc.id).sort(), [p('a1'), p('a2')]);
    });

    it('reports the matches it may not change, and changes the rest', async () => {
      const where = { 'basic.location': { equals: p('Brno') } };
      const res = await server.http.patch<Bulk>(path({ where, sort: 'id' }), { settings: { published: false } }, owner.token);
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(res.body.docs.map((doc) => doc.id), [p('a1'), p('a2')]);
      // b2 is unpublished and another owner's: the caller cannot read it, so it is neither changed nor named.
      assert.deepEqual(res.body.errors.map((error) => error.id), [p('b1')]);
      assert.equal(typeof res.body.errors[0]?.message, 'string');
      assert.equal(res.body.message, 'Unable to update 1 out of 3 Products.');
      assert.equal((await read(p('b1'))).body.settings.published, true);
      assert.equal((await read(p('a1'))).body.settings.published, false);
    });

    it('validates each merged product as PATCH /:id does, and stores nothing invalid', async () => {
      const where = { id: { in: [p('a1'), p('a3')] } };
      const res = await server.http.patch<Bulk>(path({ where, sort: 'id' }), { additional: { price: -1 }, basic: { nope: 1 } }, owner.token);
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.docs, []);
      assert.deepEqual(res.body.errors.map((error) => `${error.id} ${error.field}`).sort(), [`${p('a1')} additional.price`, `${p('a1')} basic.nope`, `${p('a3')} additional.price`, `${p('a3')} basic.nope`]);
      assert.equal(res.body.message, 'Unable to update 2 out of 2 Products.');
      assert.equal((await read(p('a1'))).body.additional.price, 100);
      assert.equal((await server.http.get<{ totalDocs: number }>('/api/products/count', admin.token)).body.totalDocs > 0, true, 'nothing was deleted');
    });

    it('refuses what is not a bulk change: no where, a bad where or limit, an empty body', async () => {
      // The collection itself (the contract's GET and POST) has no PATCH or DELETE: only the products a where picks do.
      const missing = await server.http.patch(`/api/products`, { additional: { price: 1 } }, admin.token);
      assert.equal(missing.status, 405);
      assert.equal(missing.headers.get('allow'), 'GET, HEAD, POST');
      assert.match(missing.text, /without a where/);
      const missingDelete = await server.http.delete('/api/products', admin.token);
      assert.equal(missingDelete.status, 405);
      assert.equal(missingDelete.headers.get('allow'), 'GET, HEAD, POST');
      const empty = await server.http.delete('/api/products?where=', admin.token);
      assert.equal(empty.status, 400);
      assert.deepEqual(errorFields(empty.body), ['where']);
      assert.match(empty.text, /Missing 'where' query of documents to delete/);
      // A where that names no condition would pick every product: as missing.
      for (const where of ['{}', '{"and":[]}', '{"or":[{"and":[]}]}']) {
        const none = await server.http.delete(`/api/products?where=${encodeURIComponent(where)}`, admin.token);
        assert.equal(none.status, 400, `${where}: ${none.text}`);
        assert.deepEqual(errorFields(none.body), ['where']);
        const noneUpdate = await server.http.patch(`/api/products?where=${encodeURIComponent(where)}`, { additional: { price: 1 } }, admin.token);
        assert.equal(noneUpdate.status, 400, `${where}: ${noneUpdate.text}`);
        assert.match(noneUpdate.text, /Missing 'where' query of documents to update/);
      }
      const bad = await server.http.patch(path({ where: { colour: { equals: 'red' } }, limit: 0 }), { additional: { price: 1 } }, admin.token);
      assert.equal(bad.status, 400);
      assert.deepEqual(errorFields(bad.body).sort(), ['limit', 'where.colour']);
      const nothing = await server.http.patch(path({ where: { id: { exists: true } } }), {}, admin.token);
      assert.equal(nothing.status, 400);
      assert.equal((await read(p('a1'))).body.additional.price, 100);
    });

    it('is a 401 anonymously and a 403 when every match is refused', async () => {
      const where = { 'basic.location': { equals: p('Brno') } };
      const anonymous = await server.http.patch(path({ where }), { additional: { price: 1 } });
      assert.equal(anonymous.status, 401);
      assert.equal((await server.http.delete(path({ where }))).status, 401);
      const refused = await server.http.delete<Bulk>(path({ where: { id: { equals: p('a1') } } }), other.token);
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.body.errors.map((error) => error.id), [p('a1')]);
      assert.equal((await read(p('a1'))).status, 200);
    });

    it('takes limit and sort, and answers with depth and select', async () => {
      const where = { 'basic.location': { in: [p('Brno'), p('Praha')] } };
      const res = await server.http.patch<Bulk>(path({ where, sort: '-additional.price', limit: 2, select: { additional: { price: true } } }), { additional: { price: 7 } }, admin.token);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.docs, [{ id: p('b2'), additional: { price: 7 } }, { id: p('b1'), additional: { price: 7 } }]);
      assert.equal((await read(p('a3'))).body.additional.price, 300);
      const populated = await server.http.patch<Bulk>(path({ where: { id: { equals: p('a3') } } }), { additional: { price: 8 } }, admin.token);
      assert.equal((populated.body.docs[0]?.basic.rent_owner as { id: string }).id, owner.id);
      assert.equal(populated.body.message, 'Updated 1 Product successfully.');
    });

    it('deletes every match the caller may delete, with their reservations', async () => {
      assert.equal((await server.http.post(`/api/products/${p('a1')}`, { action: 'reserve', from: '2027-01-01', to: '2027-01-02' }, owner.token)).status, 200);
      const where = { 'basic.rent_owner': { equals: owner.id }, 'basic.location': { equals: p('Brno') } };
      const res = await server.http.delete<Bulk>(path({ where, sort: 'id', depth: 0 }), owner.token);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.docs.map((doc) => doc.id), [p('a1'), p('a2')]);
      assert.equal(res.body.docs[0]?.availability.reservationDates.length, 1, 'the deleted products as they were');
      assert.equal(res.body.message, 'Deleted 2 Products successfully.');
      assert.equal((await read(p('a1'))).status, 404);
      assert.equal((await read(p('a2'))).status, 404);
      assert.equal((await read(p('a3'))).status, 200);
      const count = await server.http.get<{ totalDocs: number }>(`/api/products/count?${qs.stringify({ where: { 'basic.location': { equals: p('Brno') } } })}`, admin.token);
      assert.deepEqual(count.body, { totalDocs: 2 });
      // The id is free again, reservations and all.
      const again = await server.http.post(`/api/products/${p('a1')}`, { basic: { product_name: 'Znovu' } }, owner.token);
      assert.equal(again.status, 201);
      assert.equal((await server.http.post(`/api/products/${p('a1')}`, { action: 'reserve', from: '2027-01-01', to: '2027-01-02' }, owner.token)).status, 200);
    });

    it('matches nothing: 200 and no docs', async () => {
      const res = await server.http.delete<Bulk>(path({ where: { id: { equals: 'nothing-here' } } }), admin.token);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { docs: [], errors: [], message: 'Deleted 0 Products successfully.' });
    });
  });
}
