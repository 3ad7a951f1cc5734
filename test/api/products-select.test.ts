import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields, rawGet } from '../helpers/http.js';

type Product = Record<string, any>;
type Page = { docs: Product[]; totalDocs: number };

/** Payload's `select` query parameter on every endpoint that answers with documents. */
for (const dialect of dialects) {
  describe(`products: select (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    const body = {
      basic: { product_name: 'Stan Husky', product_desc: 'Třímístný stan.', location: 'Olomouc' },
      additional: { price: 180, caution: 1500, time_unit: 'day' },
      settings: { published: true },
      availability: { reservationDates: [{ from: '2026-12-01', to: '2026-12-02', note: 'Novák' }, { from: '2026-12-10', to: '2026-12-12' }] },
      seo: { title: 'Stan' },
    };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      assert.equal((await server.http.post('/api/products/tent-1', body, owner.token)).status, 201);
      assert.equal((await server.http.post('/api/products/tent-2', { ...body, basic: { ...body.basic, product_name: 'Stan Coleman' } }, owner.token)).status, 201);
    });
    after(() => server.close());

    it('keeps only the fields named true, and the id, in the document order', async () => {
      const full = await server.http.get<Page>('/api/products?sort=id');
      const res = await server.http.get<Page>('/api/products?sort=id&select[additional][price]=true&select[basic][product_name]=true');
      assert.equal(res.status, 200);
      assert.equal(res.body.totalDocs, full.body.totalDocs);
      assert.deepEqual(res.body.docs, [
        { id: 'tent-1', basic: { product_name: 'Stan Husky' }, additional: { price: 180 } },
        { id: 'tent-2', basic: { product_name: 'Stan Coleman' }, additional: { price: 180 } },
      ]);
      assert.deepEqual(Object.keys(res.body.docs[0] as Product), ['id', 'basic', 'additional'], 'the document order, not the selection order');
    });

    it('once a field is named false, keeps everything but those', async () => {
      const full = await server.http.get<Product>('/api/products/tent-1');
      const res = await server.http.get<Product>('/api/products/tent-1?select[basic][product_desc]=false&select[seo]=false');
      assert.equal(res.status, 200);
      const { seo: _seo, ...rest } = full.body;
      const { product_desc: _desc, ...basic } = full.body.basic as Product;
      assert.deepEqual(res.body, { ...rest, basic });
    });

    it('selects inside arrays and in the populated owner, and takes the JSON form too', async () => {
      const brackets = await server.http.get<Product>('/api/products/tent-1?select[availability][reservationDates][from]=true&select[basic][rent_owner][rentNameSystem]=true');
      assert.deepEqual(brackets.body, {
        id: 'tent-1',
        basic: { rent_owner: { rentNameSystem: 'Půjčovna Test' } },
        availability: { reservationDates: [{ from: '2026-12-01' }, { from: '2026-12-10' }] },
      });
      const json = encodeURIComponent(JSON.stringify({ availability: { reservationDates: { from: true } }, basic: { rent_owner: { rentNameSystem: true } } }));
      const same = await server.http.get<Product>(`/api/products/tent-1?select=${json}`);
      assert.deepEqual(same.body, brackets.body);
      const depth0 = await server.http.get<Product>('/api/products/tent-1?depth=0&select[basic][rent_owner]=true');
      assert.deepEqual(depth0.body, { id: 'tent-1', basic: { rent_owner: owner.id } });
    });

    it('gives a selection an ETag of its own, which If-None-Match answers with 304', async () => {
      const path = '/api/products/tent-1?select[settings]=true';
      const full = await rawGet(server.url, '/api/products/tent-1');
      const selected = await rawGet(server.url, path);
      assert.equal(selected.status, 200);
      assert.deepEqual(JSON.parse(selected.body.toString()), { id: 'tent-1', settings: { published: true, slug: 'stan-husky' } });
      const etag = selected.headers.etag as string;
      assert.match(etag, /^"[\w-]+"$/);
      assert.notEqual(etag, full.headers.etag);
      assert.equal((await rawGet(server.url, path, { 'if-none-match': etag })).status, 304);
      assert.equal((await rawGet(server.url, path, { 'if-none-match': full.headers.etag as string })).status, 200);
    });

    it('narrows what creates, updates, actions and deletes answer with; the stored product stays whole', async () => {
      const created = await server.http.post<{ doc: Product }>('/api/products?select[basic][product_name]=true', { basic: { product_name: 'Kajak' }, additional: { price: 300 } }, owner.token);
      assert.equal(created.status, 201);
      assert.deepEqual(Object.keys(created.body.doc), ['id', 'basic']);
      assert.equal(created.headers.get('location'), `/api/products/${created.body.doc.id}`);
      const withId = await server.http.post<Product>('/api/products/kayak-2?select[settings][slug]=true', { basic: { product_name: 'Kajak' } }, owner.token);
      assert.deepEqual(withId.body, { id: 'kayak-2', settings: { slug: 'kajak-2' } });
      const patched = await server.http.patch<{ doc: Product; message: string }>('/api/products/kayak-2?select[additional]=true', { additional: { price: 320 } }, owner.token);
      assert.deepEqual(patched.body, { doc: { id: 'kayak-2', additional: { price: 320 } }, message: 'Updated successfully.' });
      const published = await server.http.post<Product>('/api/products/kayak-2?action=publish&select[settings][published]=true', undefined, owner.token);
      assert.deepEqual(published.body, { id: 'kayak-2', settings: { published: true } });
      const stored = await server.http.get<Product>('/api/products/kayak-2');
      assert.equal(stored.body.basic.product_name, 'Kajak');
      assert.equal(stored.body.additional.price, 320);
      const deleted = await server.http.delete<{ doc: Product }>('/api/products/kayak-2?select[id]=true', owner.token);
      assert.deepEqual(deleted.body.doc, { id: 'kayak-2' });
    });

    it('refuses a malformed selection with every problem at once, and writes nothing', async () => {
      const bad = await server.http.get('/api/products/tent-1?select[basic]=yes&select[seo][title]=1&depth=x');
      assert.equal(bad.status, 400);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['select.basic', 'select.seo.title', 'depth']));
      for (const query of ['select=notjson', 'select=%5B%5D', 'select[]=true', 'select[basic]=']) {
        const res = await server.http.get(`/api/products?${query}`);
        assert.equal(res.status, 400, query);
        assert.ok(errorFields(res.body).every((field) => field?.startsWith('select')), query);
      }
      const before = await rawGet(server.url, '/api/products/tent-2');
      const patch = await server.http.patch('/api/products/tent-2?select[additional]=maybe', { additional: { price: 1 } }, owner.token);
      assert.equal(patch.status, 400);
      assert.deepEqual(errorFields(patch.body), ['select.additional']);
      assert.equal((await rawGet(server.url, '/api/products/tent-2')).headers.etag, before.headers.etag, 'nothing was stored');
    });

    it('narrows media and account documents the same way', async () => {
      const png = await sharp({ create: { width: 12, height: 8, channels: 3, background: 'red' } }).png().toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)]), 'červená.png');
      form.append('alt', 'Červená');
      const uploaded = await server.http.request<{ doc: Product }>('POST', '/api/rentMedia', { raw: form, token: owner.token });
      assert.equal(uploaded.status, 201);
      const id = uploaded.body.doc.id as string;
      const list = await server.http.get<Page>('/api/rentMedia?select[filename]=true&select[width]=true');
      assert.deepEqual(list.body.docs, [{ id, filename: 'cervena.png', width: 12 }]);
      assert.equal(list.body.totalDocs, 1);
      const read = await server.http.get<Product>(`/api/rentMedia/${id}?select[sizes]=false&select[url]=false`);
      assert.deepEqual(Object.keys(read.body).filter((key) => key === 'sizes' || key === 'url'), []);
      assert.equal(read.body.alt, 'Červená');
      const patched = await server.http.patch<{ doc: Product }>(`/api/rentMedia/${id}?select[alt]=true`, { alt: 'Rudá' }, owner.token);
      assert.deepEqual(patched.body.doc, { id, alt: 'Rudá' });
      const refused = await server.http.patch(`/api/rentMedia/${id}?select=[]`, { alt: 'Jiná' }, owner.token);
      assert.equal(refused.status, 400);
      assert.equal((await server.http.get<Product>(`/api/rentMedia/${id}`)).body.alt, 'Rudá', 'a refused selection changes nothing');

      const profile = await server.http.get<Product>(`/api/rents/${owner.id}?select[rentNameSystem]=true`);
      assert.deepEqual(profile.body, { id: owner.id, rentNameSystem: 'Půjčovna Test' });
      const renamed = await server.http.patch<{ doc: Product }>(`/api/rents/${owner.id}?select[basic][rentalName]=true`, { basic: { rentalName: 'Stany Olomouc' } }, owner.token);
      assert.deepEqual(renamed.body.doc, { id: owner.id, basic: { rentalName: 'Stany Olomouc' } });
      assert.equal((await server.http.get(`/api/rents/${owner.id}?select=x`)).status, 400);
    });

    it('selects nothing of the prototype: names such as constructor and __proto__ are only names', async () => {
      const res = await server.http.get<Product>('/api/products/tent-1?select[constructor]=true&select[__proto__][x]=true&select[toString]=true');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { id: 'tent-1' });
      assert.equal(({} as Record<string, unknown>).x, undefined);
    });
  });
}
