import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

type Product = Record<string, any>;

for (const dialect of dialects) {
  describe(`concurrency (${dialect})`, () => {
    let server: TestServer;
    let owner: { token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
    });
    after(() => server.close());

    it('100 parallel creates of one id: exactly one 201, the rest 409', async () => {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => server.http.post(`/api/products/hundred`, { basic: { product_name: `Racer ${i}` } }, owner.token)),
      );
      const statuses = results.map((res) => res.status);
      assert.equal(statuses.filter((s) => s === 201).length, 1);
      assert.equal(statuses.filter((s) => s === 409).length, 99);
    });

    it('parallel PATCHes with one If-Match: one wins, the rest 412', async () => {
      await server.http.post('/api/products/match', { basic: { product_name: 'Match' }, additional: { price: 1 } }, owner.token);
      const etag = (await server.http.get('/api/products/match', owner.token)).headers.get('etag') as string;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => server.http.patch<{ doc: Product }>('/api/products/match', { additional: { price: 100 + i } }, owner.token, { 'if-match': etag })),
      );
      const winners = results.filter((res) => res.status === 200);
      assert.equal(winners.length, 1, JSON.stringify(results.map((r) => r.status)));
      assert.equal(results.filter((res) => res.status === 412).length, 19);
      const stored = (await server.http.get<Product>('/api/products/match', owner.token)).body;
      assert.equal(stored.additional.price, winners[0]?.body.doc.additional.price);
    });

    it('parallel PATCHes without If-Match all land, none lost to a race', async () => {
      await server.http.post('/api/products/merge', { basic: { product_name: 'Merge' }, seo: {} }, owner.token);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => server.http.patch('/api/products/merge', { seo: { [`k${i}`]: i } }, owner.token)),
      );
      assert.deepEqual(results.map((r) => r.status), Array(20).fill(200));
      const seo = (await server.http.get<Product>('/api/products/merge', owner.token)).body.seo;
      assert.equal(Object.keys(seo).length, 20, 'every deep merge applied on top of the others');
    });

    it('parallel overlapping reservations: exactly one wins', async () => {
      await server.http.post('/api/products/busy', { basic: { product_name: 'Busy' } }, owner.token);
      const results = await Promise.all(
        Array.from({ length: 30 }, () => server.http.post('/api/products/busy', { action: 'reserve', from: '2027-08-01', to: '2027-08-05' }, owner.token)),
      );
      assert.equal(results.filter((r) => r.status === 200).length, 1);
      assert.equal(results.filter((r) => r.status === 409).length, 29);
    });

    it('parallel creates with one derived slug: all 201, slugs unique, no 500', async () => {
      const results = await Promise.all(
        Array.from({ length: 40 }, () => server.http.post<{ doc: Product }>('/api/products', { basic: { product_name: 'Oblíbená sekačka' } }, owner.token)),
      );
      assert.deepEqual([...new Set(results.map((r) => r.status))], [201]);
      assert.equal(new Set(results.map((r) => r.body.doc.settings.slug)).size, 40);
    });
  });
}
