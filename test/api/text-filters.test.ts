import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

type Page = { docs: { id: string }[]; totalDocs: number };

/**
 * `like` and `contains` on name, description and location, which go through the search index
 * and the folded texts stored beside it: each field answers for its own text only, wherever
 * in the search text it sits (after names of characters outside the BMP too), with or without
 * an index-sized word.
 */
for (const dialect of dialects) {
  describe(`products: like and contains on the searched fields (${dialect})`, () => {
    let server: TestServer;
    const products: Record<string, { product_name: string; product_desc?: string; location?: string }> = {
      emoji: { product_name: '😀 Úsměv 𝒜', product_desc: 'Zaškolení zdarma.\nVrtačka Bosch', location: '日本 a😀b' },
      plain: { product_name: 'Vrtačka Makita', product_desc: 'Bez zaškolení', location: 'Brno' },
      bare: { product_name: 'Žebřík zaškolení' },
      greek: { product_name: 'Αθήνα', product_desc: 'ΟΔΟΣ δρόμος', location: 'Σ' },
      capitals: { product_name: 'ŠKODA Octavia', product_desc: '\u212Aelvin: ÚŘAD İSTANBUL' },
    };
    const internalNames: Record<string, string> = { capitals: 'ŘADA \u212A9' };

    before(async () => {
      server = await startServer(dialect);
      const owner = await server.signUp();
      for (const [id, basic] of Object.entries(products)) {
        const body = { basic, internal_name: internalNames[id], settings: { published: true } };
        assert.equal((await server.http.post(`/api/products/${id}`, body, owner.token)).status, 201);
      }
    });
    after(() => server.close());

    const ids = async (where: Record<string, unknown>) => {
      const res = await server.http.get<Page>(`/api/products?sort=id&where=${encodeURIComponent(JSON.stringify(where))}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const count = await server.http.get<{ totalDocs: number }>(`/api/products/count?where=${encodeURIComponent(JSON.stringify(where))}`);
      assert.equal(count.body.totalDocs, res.body.totalDocs, 'the count agrees with the list');
      return res.body.docs.map((doc) => doc.id);
    };

    it('finds a word in the field it is in, not in the product’s other searched fields', async () => {
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'vrtacka' } }), ['emoji']);
      assert.deepEqual(await ids({ 'basic.product_name': { like: 'vrtacka' } }), ['plain']);
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'zaskoleni' } }), ['emoji', 'plain']);
      assert.deepEqual(await ids({ 'basic.product_name': { like: 'zaskoleni' } }), ['bare']);
      assert.deepEqual(await ids({ 'basic.location': { like: 'brno' } }), ['plain']);
      assert.deepEqual(await ids({ 'basic.location': { like: 'makita' } }), []);
    });

    it('takes each field out whole after characters outside the BMP, to its first and last character', async () => {
      assert.deepEqual(await ids({ 'basic.product_name': { like: 'usmev 𝒜' } }), ['emoji']);
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'zaskoleni bosch' } }), ['emoji']);
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'zaš' } }), ['emoji', 'plain']);
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'z' } }), ['emoji', 'plain']);
      assert.deepEqual(await ids({ 'basic.location': { like: 'a😀b' } }), ['emoji']);
      assert.deepEqual(await ids({ 'basic.location': { like: '日本' } }), ['emoji']);
      assert.deepEqual(await ids({ 'basic.product_name': { like: '日本' } }), []);
      assert.deepEqual(await ids({ 'basic.location': { like: 'σ' } }), ['greek']);
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'οδος' } }), ['greek']);
      assert.deepEqual(await ids({ 'basic.product_name': { like: 'αθηνα' } }), ['greek']);
    });

    it('contains folds case only, across spaces and line breaks, in its own field', async () => {
      assert.deepEqual(await ids({ 'basic.product_desc': { contains: 'ZAŠKOLENÍ' } }), ['emoji', 'plain']);
      assert.deepEqual(await ids({ 'basic.product_desc': { contains: 'zaskoleni' } }), [], 'accents count');
      assert.deepEqual(await ids({ 'basic.product_desc': { contains: 'zdarma.\nvrtačka' } }), ['emoji']);
      assert.deepEqual(await ids({ 'basic.product_name': { contains: 'žebřík ZAŠ' } }), ['bare']);
      assert.deepEqual(await ids({ 'basic.product_name': { contains: 'makita' } }), ['plain']);
      assert.deepEqual(await ids({ 'basic.product_desc': { contains: 'makita' } }), []);
      assert.deepEqual(await ids({ 'basic.product_desc': { contains: 'οδοσ' } }), ['greek']);
      assert.deepEqual(await ids({ 'basic.location': { contains: '' } }), ['emoji', 'greek', 'plain'], 'a product without a location contains nothing');
    });

    it('contains finds letters that the text holds as capitals outside ASCII (Š, İ, the Kelvin sign)', async () => {
      assert.deepEqual(await ids({ 'basic.product_name': { contains: 'škoda' } }), ['capitals']);
      assert.deepEqual(await ids({ 'basic.product_name': { contains: 'ŠKODA oct' } }), ['capitals']);
      assert.deepEqual(await ids({ 'basic.product_desc': { contains: 'kelvin' } }), ['capitals']);
      assert.deepEqual(await ids({ 'basic.product_desc': { contains: 'úřad istanbul' } }), ['capitals']);
      assert.deepEqual(await ids({ 'basic.product_desc': { contains: 'urad' } }), [], 'accents count');
      assert.deepEqual(await ids({ internal_name: { contains: 'řada k9' } }), ['capitals']);
      assert.deepEqual(await ids({ internal_name: { contains: 'rada' } }), []);
    });

    it('takes a like of any number of words (repeated, inside each other, or over a thousand different)', async () => {
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'zas zaskoleni zas ZAŠKOLENÍ' } }), ['emoji', 'plain']);
      assert.deepEqual(await ids({ 'basic.product_desc': { like: Array(1500).fill('z').join(' ') } }), ['emoji', 'plain']);
      const pairs = Array.from({ length: 36 * 36 }, (_, i) => (i / 36 | 0).toString(36) + (i % 36).toString(36));
      assert.deepEqual(await ids({ 'basic.product_desc': { like: pairs.join(' ') } }), []);
      assert.deepEqual(await ids({ internal_name: { like: pairs.join(' ') } }), []);
      const q = await server.http.get<Page>(`/api/products?q=${encodeURIComponent(Array(1500).fill('z').join(' '))}`);
      assert.equal(q.status, 200);
    });

    it('combines with or, and and the other filters', async () => {
      assert.deepEqual(await ids({ or: [{ 'basic.product_desc': { like: 'bosch' } }, { 'basic.location': { contains: 'BRN' } }] }), ['emoji', 'plain']);
      assert.deepEqual(await ids({ and: [{ 'basic.product_desc': { like: 'zaskoleni' } }, { 'basic.product_name': { like: 'makita' } }] }), ['plain']);
      assert.deepEqual(await ids({ 'basic.product_desc': { exists: false } }), ['bare']);
    });

    it('follows a change of name, description or location', async () => {
      const owner = await server.signUp();
      assert.equal((await server.http.post('/api/products/moving', { basic: { product_name: 'Kolo', product_desc: 'Horské', location: 'Praha' }, settings: { published: true } }, owner.token)).status, 201);
      assert.equal((await server.http.patch('/api/products/moving', { basic: { product_name: 'Kolo 😀😀', location: 'Ostrava' } }, owner.token)).status, 200);
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'horske' } }), ['moving']);
      assert.deepEqual(await ids({ 'basic.location': { like: 'ostrava' } }), ['moving']);
      assert.deepEqual(await ids({ 'basic.location': { like: 'praha' } }), []);
      assert.equal((await server.http.patch('/api/products/moving', { basic: { product_desc: null } }, owner.token)).status, 200);
      assert.deepEqual(await ids({ 'basic.product_desc': { like: 'horske' } }), []);
      assert.deepEqual(await ids({ 'basic.location': { like: 'ostrava' } }), ['moving']);
    });
  });
}
