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
  });
}
