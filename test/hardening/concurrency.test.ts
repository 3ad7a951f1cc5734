import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

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

    it('deleting an image while products that show it are created: never a gallery naming a deleted image', async () => {
      const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
      for (let round = 0; round < 15; round++) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `race-${round}.png`);
        const media = (await server.http.request<{ doc: { id: string } }>('POST', '/api/rentMedia', { raw: form, token: owner.token })).body.doc;
        const creates = Array.from({ length: 6 }, (_, i) =>
          server.http.post(`/api/products/race-${round}-${i}`, { basic: { product_name: `Race ${round} ${i}` }, gallery: { images: [media.id] } }, owner.token),
        );
        // The deletion starts while the creates are on their way.
        const removal = new Promise((resolve) => setTimeout(resolve, round % 4)).then(() => server.http.request('DELETE', `/api/rentMedia/${media.id}`, { token: owner.token }));
        const [removed, ...created] = await Promise.all([removal, ...creates]);
        for (const res of created) {
          assert.ok(res.status === 201 || res.status === 400, `create: ${res.status}`);
          if (res.status === 400) assert.deepEqual(errorFields(res.body), ['gallery.images.0']);
        }
        const stored = created.filter((res) => res.status === 201).length;
        assert.ok(removed.status === 200 || removed.status === 409, `delete: ${removed.status}`);
        // Deleted, then no product kept it; kept, then it is in use.
        if (removed.status === 200) assert.equal(stored, 0, `round ${round}: the image was deleted under ${stored} new galleries`);
        else assert.ok(stored > 0, `round ${round}: 409 with no gallery using the image`);
      }
    });

    it('removing a term while products that select it are created: never a product selecting a removed term', async () => {
      for (let round = 0; round < 15; round++) {
        const keep = { id: `keep-${round}`, title: 'Kept', text: 'Stays.' };
        const account = await server.signUp({ terms: [keep, { id: `gone-${round}`, title: 'Removed', text: 'Goes.' }] });
        const creates = Array.from({ length: 6 }, (_, i) =>
          server.http.post(`/api/products/term-${round}-${i}`, { basic: { product_name: `Term ${round} ${i}` }, additional: { selectedTerm: `gone-${round}` } }, account.token),
        );
        const removal = new Promise((resolve) => setTimeout(resolve, round % 4)).then(() => server.http.patch(`/api/rents/${account.id}`, { terms: { termsArray: [keep] } }, account.token));
        const [removed, ...created] = await Promise.all([removal, ...creates]);
        for (const res of created) {
          assert.ok(res.status === 201 || res.status === 400, `create: ${res.status}`);
          if (res.status === 400) assert.deepEqual(errorFields(res.body), ['additional.selectedTerm']);
        }
        const stored = created.filter((res) => res.status === 201).length;
        assert.ok(removed.status === 200 || removed.status === 409, `account change: ${removed.status}`);
        if (removed.status === 200) assert.equal(stored, 0, `round ${round}: the term was removed under ${stored} new products`);
        else assert.deepEqual(errorFields(removed.body), ['terms.termsArray']);
      }
    });

    it('deleting an account while it creates products: never a product naming a deleted account, never a 500', async () => {
      const admin = await server.signUp({ admin: true });
      for (let round = 0; round < 15; round++) {
        const account = await server.signUp();
        // No term, reservations or gallery: on PostgreSQL each is the one-statement insert, whose foreign key meets the deletion.
        const creates = Array.from({ length: 6 }, (_, i) => server.http.post(`/api/products/gone-owner-${round}-${i}`, { basic: { product_name: `Owner ${round} ${i}` } }, account.token));
        const removal = new Promise((resolve) => setTimeout(resolve, round % 4)).then(() => server.http.request('DELETE', `/api/rents/${account.id}`, { token: admin.token }));
        const [removed, ...created] = await Promise.all([removal, ...creates]);
        for (const res of created) {
          // 401: the account's sessions ended with it before the request was authenticated.
          assert.ok([201, 400, 401].includes(res.status), `create: ${res.status} ${res.text}`);
          if (res.status === 400) assert.deepEqual(errorFields(res.body), ['basic.rent_owner']);
        }
        const stored = created.filter((res) => res.status === 201).length;
        assert.ok(removed.status === 200 || removed.status === 409, `delete: ${removed.status} ${removed.text}`);
        if (removed.status === 200) assert.equal(stored, 0, `round ${round}: the account was deleted under ${stored} new products`);
        else assert.ok(stored > 0, `round ${round}: 409 with no product naming the account`);
        for (const [i, res] of created.entries()) {
          const read = await server.http.get<Product>(`/api/products/gone-owner-${round}-${i}?depth=0`, admin.token);
          assert.equal(read.status, res.status === 201 ? 200 : 404);
          if (read.status === 200) assert.equal(read.body.basic.rent_owner, account.id);
        }
      }
    });

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
