import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

type Product = { basic: { rent_owner: { rentNameSystem: string } }; gallery: { images: { alt: string }[] } };

for (const dialect of dialects) {
  describe(`cached responses follow every change they show (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let mediaId: string;
    const read = async (path: string) => {
      const res = await server.http.get<Product>(path);
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    const listed = async () => (await server.http.get<{ docs: (Product & { id: string })[] }>('/api/products?where[id][equals]=coherent')).body.docs[0] as Product;

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ name: 'Původní jméno' });
      const form = new FormData();
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
      form.append('file', new Blob([new Uint8Array(png)]), 'coherent.png');
      form.append('alt', 'Before');
      mediaId = (await server.http.request<{ doc: { id: string } }>('POST', '/api/rentMedia', { raw: form, token: owner.token })).body.doc.id;
      const created = await server.http.post('/api/products/coherent', { basic: { product_name: 'Koherentní' }, gallery: { images: [mediaId] }, settings: { published: true } }, owner.token);
      assert.equal(created.status, 201, created.text);
    });
    after(() => server.close());

    it('shows a changed media alt, a renamed owner and changed products at once, by id and in lists', async () => {
      for (const body of [await read('/api/products/coherent'), await listed()]) {
        assert.equal(body.gallery.images[0]?.alt, 'Before');
        assert.equal(body.basic.rent_owner.rentNameSystem, 'Původní jméno');
      }
      assert.equal((await server.http.patch(`/api/rentMedia/${mediaId}`, { alt: 'After' }, owner.token)).status, 200);
      for (const body of [await read('/api/products/coherent'), await listed()]) assert.equal(body.gallery.images[0]?.alt, 'After', 'media change');

      // A product write between the reads must not leave an owner's old profile behind either.
      assert.equal((await server.http.post('/api/products/bystander', { basic: { product_name: 'Jiný' } }, owner.token)).status, 201);
      assert.equal((await server.http.patch(`/api/rents/${owner.id}`, { rentNameSystem: 'Nové jméno' }, owner.token)).status, 200);
      for (const body of [await read('/api/products/coherent'), await listed()]) assert.equal(body.basic.rent_owner.rentNameSystem, 'Nové jméno', 'account change');

      assert.equal((await server.http.patch('/api/products/coherent', { gallery: { images: [] } }, owner.token)).status, 200);
      for (const body of [await read('/api/products/coherent'), await listed()]) assert.deepEqual(body.gallery.images, [], 'product change');
    });

    it('a list page asked again is the same page until an account change it shows; depth, limit and page each have their own', async () => {
      for (const id of ['page-a', 'page-b', 'page-c']) {
        const created = await server.http.post(`/api/products/${id}`, { basic: { product_name: id }, settings: { published: true } }, owner.token);
        assert.equal(created.status, 201, created.text);
      }
      const page = async (query: string) => {
        const res = await server.http.get(`/api/products?where[id][in]=page-a,page-b&sort=id${query}`);
        assert.equal(res.status, 200, res.text);
        return res.text;
      };
      const first = await page('');
      assert.equal(await page(''), first);
      const variants = await Promise.all(['&depth=0', '&limit=1', '&limit=1&page=2'].map(page));
      assert.equal(new Set([first, ...variants]).size, 4, 'each variant is a page of its own');
      assert.equal((JSON.parse(variants[0] as string) as { docs: { basic: { rent_owner: unknown } }[] }).docs[0]?.basic.rent_owner, owner.id);
      assert.deepEqual((JSON.parse(variants[2] as string) as { docs: { id: string }[] }).docs.map((doc) => doc.id), ['page-b']);

      // Another filter's page of the same products shares their docs, with an envelope of its own.
      type Envelope = { docs: { id: string }[]; totalDocs: number; hasNextPage: boolean };
      const wider = (await server.http.get<Envelope>('/api/products?where[id][in]=page-a,page-b,page-c&sort=id&limit=2')).body;
      const narrower = (await server.http.get<Envelope>('/api/products?where[id][in]=page-a,page-b&sort=id&limit=2')).body;
      assert.deepEqual(wider.docs, narrower.docs);
      assert.deepEqual([wider.totalDocs, wider.hasNextPage, narrower.totalDocs, narrower.hasNextPage], [3, true, 2, false]);

      assert.equal((await server.http.patch(`/api/rents/${owner.id}`, { rentNameSystem: 'Třetí jméno' }, owner.token)).status, 200);
      const renamed = JSON.parse(await page('')) as { docs: Product[] };
      assert.deepEqual(renamed.docs.map((doc) => doc.basic.rent_owner.rentNameSystem), ['Třetí jméno', 'Třetí jméno']);
    });

    it('a write to one product is served at once, by id at both depths and in lists, while the others keep their cached bytes', async () => {
      for (const id of ['warm-a', 'warm-b']) {
        const created = await server.http.post(`/api/products/${id}`, { basic: { product_name: id, location: 'Tábor' }, additional: { price: 10 }, settings: { published: true } }, owner.token);
        assert.equal(created.status, 201, created.text);
      }
      type Priced = { id: string; additional: { price: number } };
      const prices = async () => {
        const seen: Record<string, number | string> = {};
        for (const id of ['warm-a', 'warm-b']) {
          for (const depth of [0, 1]) {
            const res = await server.http.get<Priced>(`/api/products/${id}?depth=${depth}`);
            seen[`${id}@${depth}`] = res.status === 200 ? res.body.additional.price : res.status;
          }
        }
        const list = await server.http.get<{ docs: Priced[] }>('/api/products?where[basic.location][equals]=Tábor&sort=id');
        seen.list = list.body.docs.map((doc) => `${doc.id}=${doc.additional.price}`).join(',');
        return seen;
      };
      const etagOfB = async () => (await server.http.get('/api/products/warm-b?depth=1')).headers.get('etag');
      assert.deepEqual(await prices(), { 'warm-a@0': 10, 'warm-a@1': 10, 'warm-b@0': 10, 'warm-b@1': 10, list: 'warm-a=10,warm-b=10' });
      const tagOfB = await etagOfB();

      assert.equal((await server.http.patch('/api/products/warm-a', { additional: { price: 11 } }, owner.token)).status, 200);
      assert.deepEqual(await prices(), { 'warm-a@0': 11, 'warm-a@1': 11, 'warm-b@0': 10, 'warm-b@1': 10, list: 'warm-a=11,warm-b=10' });
      assert.equal(await etagOfB(), tagOfB);

      assert.equal((await server.http.patch('/api/products/warm-a', { settings: { published: false } }, owner.token)).status, 200);
      assert.deepEqual(await prices(), { 'warm-a@0': 404, 'warm-a@1': 404, 'warm-b@0': 10, 'warm-b@1': 10, list: 'warm-b=10' }, 'unpublished: hidden from anonymous readers');
      assert.equal((await server.http.get<Priced>('/api/products/warm-a', owner.token)).body.additional.price, 11, 'its owner still reads it');

      assert.equal((await server.http.delete('/api/products/warm-b', owner.token)).status, 200);
      assert.deepEqual(await prices(), { 'warm-a@0': 404, 'warm-a@1': 404, 'warm-b@0': 404, 'warm-b@1': 404, list: '' });
      const recreated = await server.http.post('/api/products/warm-b', { basic: { product_name: 'again', location: 'Tábor' }, additional: { price: 12 }, settings: { published: true } }, owner.token);
      assert.equal(recreated.status, 201, recreated.text);
      assert.deepEqual(await prices(), { 'warm-a@0': 404, 'warm-a@1': 404, 'warm-b@0': 12, 'warm-b@1': 12, list: 'warm-b=12' });
    });
  });
}
