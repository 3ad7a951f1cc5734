import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

const PRODUCTS = 30;

for (const dialect of dialects) {
  describe(`list pages kept by the read model (${dialect})`, () => {
    let server: TestServer;

    before(async () => {
      // 1 MB of caches gives the pages' docs 256 KB; bodies in memory count whole against it.
      server = await startServer(dialect, undefined, { cacheBytes: 1024 * 1024, bodyFileBytes: 0 });
      const owner = await server.signUp();
      for (let index = 0; index < PRODUCTS; index++) {
        const created = await server.http.post(`/api/products/admission-${String(index).padStart(2, '0')}`, {
          basic: { product_name: index === 0 ? 'Samotář' : `Stan ${index}`, product_desc: `Popis stanu ${index}. `.repeat(800), location: 'Brno' },
          additional: { price: 100 + index, time_unit: 'day' },
          settings: { published: true },
        }, owner.token);
        assert.equal(created.status, 201, created.text);
      }
    });
    after(() => server.close());

    it('keeps a page of a list too large to keep whole on its second visit, and answers the same bytes each time', async () => {
      const { pageDocs } = server.readCaches;
      const path = '/api/products?limit=1&page=5';
      const before = pageDocs.size;
      const first = await server.http.get(path);
      assert.equal(first.status, 200);
      assert.equal((first.body as { totalDocs: number }).totalDocs, PRODUCTS);
      assert.equal(pageDocs.size, before, 'not kept on its first visit: 30 pages of ~14 KB are more than 256 KB');
      const second = await server.http.get(path);
      assert.equal(pageDocs.size, before + 1, 'kept on the second');
      const third = await server.http.get(path);
      assert.equal(pageDocs.size, before + 1);
      assert.equal(second.text, first.text);
      assert.equal(third.text, first.text);
    });

    it('keeps a page of a list that fits on its first visit', async () => {
      const { pageDocs } = server.readCaches;
      const before = pageDocs.size;
      const found = await server.http.get(`/api/products?where[basic.product_name][equals]=${encodeURIComponent('Samotář')}`);
      assert.equal(found.status, 200);
      assert.equal((found.body as { docs: { id: string }[] }).docs[0]?.id, 'admission-00');
      assert.equal(pageDocs.size, before + 1);
    });
  });
}
