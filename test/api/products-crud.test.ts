import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Product = Record<string, any>;
type Envelope = { doc: Product; message: string };

for (const dialect of dialects) {
  describe(`products CRUD (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ terms: [{ id: 'standard', title: 'Standard terms' }, { title: 'Generated id' }] });
      other = await server.signUp();
      admin = await server.signUp({ admin: true });
    });
    after(() => server.close());

    const full = {
      internal_name: 'drill-001',
      basic: { product_name: 'Vrtačka Bosch', product_desc: 'Příklepová vrtačka.\r\nSilná.\n\n700 W', location: 'Brno' },
      additional: { price: 250, caution: 2000, time_unit: 'day', selectedTerm: 'standard' },
      settings: { published: true },
      seo: { title: 'Vrtačka', nested: { any: ['thing', 1] } },
      legacy: { oldId: 42 },
    };

    it('creates with a predefined id: 201, bare Product, Location', async () => {
      const res = await server.http.post<Product>('/api/products/drill-1', full, owner.token);
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('location'), '/api/products/drill-1');
      const doc = res.body;
      assert.equal(doc.id, 'drill-1');
      assert.equal(doc.internal_name, 'drill-001');
      assert.equal(doc.basic.product_name, 'Vrtačka Bosch');
      assert.equal(doc.basic.product_desc, full.basic.product_desc, 'line breaks kept byte for byte');
      assert.deepEqual(doc.additional, full.additional);
      assert.deepEqual(doc.settings, { published: true, slug: 'vrtacka-bosch' });
      assert.deepEqual(doc.seo, full.seo);
      assert.deepEqual(doc.legacy, full.legacy);
      assert.match(doc.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.equal(doc.createdAt, doc.updatedAt);
      assert.equal(doc.basic.rent_owner.id, owner.id, 'owner defaults to the caller, populated at depth 1');
      assert.equal(doc.basic.rent_owner.email, undefined, 'no login e-mail in a product');
      assert.equal(doc.basic.rent_owner.rentNameSystem, 'Půjčovna Test');
      assert.equal(doc.basic.rent_owner.terms.termsArray.length, 2);
      assert.match(doc.basic.rent_owner.terms.termsArray[1].id, /^[0-9a-f]{24}$/, 'term ids are generated');
    });

    it('ignores id/createdAt/updatedAt in the body, except a differing id on POST /:id', async () => {
      const same = await server.http.post<Product>('/api/products/p-same', { id: 'p-same', createdAt: '2000-01-01T00:00:00.000Z', basic: { product_name: 'Same' } }, owner.token);
      assert.equal(same.status, 201);
      assert.notEqual(same.body.createdAt, '2000-01-01T00:00:00.000Z');
      const differs = await server.http.post('/api/products/p-differs', { id: 'other', basic: { product_name: 'X' } }, owner.token);
      assert.equal(differs.status, 400);
      assert.deepEqual(errorFields(differs.body), ['id']);
      // Named with every other offending field (SPEC 1), after access: anonymous is a 401 whatever the body.
      const alsoInvalid = await server.http.post('/api/products/p-differs', { id: 'other', basic: { product_name: '' }, additional: { price: '12' }, bogus: 1 }, owner.token);
      assert.equal(alsoInvalid.status, 400);
      assert.deepEqual(errorFields(alsoInvalid.body).sort(), ['additional.price', 'basic.product_name', 'bogus', 'id']);
      assert.equal((await server.http.post('/api/products/p-differs', { id: 'other', basic: { product_name: 'X' } })).status, 401);
      assert.equal((await server.http.get('/api/products/p-differs', owner.token)).status, 404, 'nothing was stored');
      const nullId = await server.http.post<Product>('/api/products/p-null-id', { id: null, basic: { product_name: 'Null id' } }, owner.token);
      assert.equal(nullId.status, 201, 'a null id is left out, as server fields are');
      assert.equal(nullId.body.id, 'p-null-id');
    });

    it('creates without an id: 201 {doc, message} with a generated time-ordered id', async () => {
      const first = await server.http.post<Envelope>('/api/products', { basic: { product_name: 'Sekačka na trávu' } }, owner.token);
      const second = await server.http.post<Envelope>('/api/products', { basic: { product_name: 'Sekačka na trávu' }, id: 'ignored' }, owner.token);
      assert.equal(first.status, 201);
      assert.equal(typeof first.body.message, 'string');
      assert.match(first.body.doc.id, /^[0-9a-f]{24}$/);
      assert.match(second.body.doc.id, /^[0-9a-f]{24}$/);
      assert.ok(second.body.doc.id > first.body.doc.id, 'ids are time-ordered');
      assert.equal(first.headers.get('location'), `/api/products/${first.body.doc.id}`);
      assert.equal(first.body.doc.settings.slug, 'sekacka-na-travu');
      assert.equal(second.body.doc.settings.slug, 'sekacka-na-travu-2', 'colliding derived slugs are numbered');
      assert.equal(first.body.doc.settings.published, false, 'published defaults to false');
      // Slugs that only begin with the base (`…travu2`, `…travuj`) are neither taken for it nor counted.
      for (const name of ['Sekačka na trávu2', 'Sekačka na trávuj']) assert.equal((await server.http.post('/api/products', { basic: { product_name: name } }, owner.token)).status, 201);
      const third = await server.http.post<Envelope>('/api/products', { basic: { product_name: 'Sekačka na trávu' } }, owner.token);
      assert.equal(third.body.doc.settings.slug, 'sekacka-na-travu-3');
    });

    it('refuses `count` and malformed ids as product ids', async () => {
      for (const id of ['count', '-leading-dash', 'a'.repeat(65), 'with%20space', 'ünicode']) {
        const res = await server.http.post(`/api/products/${id}`, { basic: { product_name: 'X' } }, owner.token);
        assert.equal(res.status, 400, id);
        assert.deepEqual(errorFields(res.body), ['id'], id);
      }
    });

    it('answers 409 (field id) for an existing id and changes nothing', async () => {
      const res = await server.http.post('/api/products/drill-1', { basic: { product_name: 'Intruder' } }, owner.token);
      assert.equal(res.status, 409);
      assert.deepEqual(errorFields(res.body), ['id']);
      const read = await server.http.get<Product>('/api/products/drill-1', owner.token);
      assert.equal(read.body.basic.product_name, 'Vrtačka Bosch');
    });

    it('creates exactly one of many concurrent creates of one id', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => server.http.post('/api/products/race-1', { basic: { product_name: `Racer ${i}` } }, owner.token)),
      );
      const statuses = results.map((res) => res.status).sort();
      assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses));
      assert.equal(statuses.filter((s) => s === 409).length, 19, JSON.stringify(statuses));
    });

    it('derives unique slugs under concurrency', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => server.http.post<Envelope>('/api/products', { basic: { product_name: 'Stejný název' } }, owner.token)),
      );
      assert.deepEqual(results.map((r) => r.status), Array(10).fill(201));
      const slugs = new Set(results.map((r) => r.body.doc.settings.slug));
      assert.equal(slugs.size, 10);
      assert.ok(slugs.has('stejny-nazev'));
    });

    it("keeps a derived slug through the same write again: a product's own slug is no collision", async () => {
      const slugOf = (res: { body: unknown }) => ((res.body as Envelope).doc ?? (res.body as Product)).settings.slug as string;
      const created = await server.http.post<Envelope>('/api/products/self-slug-1', { basic: { product_name: 'Self Slug' } }, owner.token);
      assert.equal(slugOf(created), 'self-slug');
      for (let round = 0; round < 3; round++) {
        const again = await server.http.patch<Envelope>('/api/products/self-slug-1', { settings: { slug: null } }, owner.token);
        assert.equal(again.status, 200, again.text);
        assert.equal(slugOf(again), 'self-slug', `round ${round}`);
      }
      // A second product of that name is numbered, and keeps its number when written again.
      const second = await server.http.post<Envelope>('/api/products/self-slug-2', { basic: { product_name: 'Self Slug' } }, owner.token);
      assert.equal(slugOf(second), 'self-slug-2');
      const rewritten = await server.http.patch<Envelope>('/api/products/self-slug-2', { basic: { product_name: 'Self Slug' }, settings: { slug: null } }, owner.token);
      assert.equal(slugOf(rewritten), 'self-slug-2');
      // A slug that merely starts with the base is not one derived from it.
      const other = await server.http.post<Envelope>('/api/products/self-slug-3', { basic: { product_name: 'Self' }, settings: { slug: 'self-slug-x' } }, owner.token);
      assert.equal(slugOf(other), 'self-slug-x');
      const derived = await server.http.patch<Envelope>('/api/products/self-slug-3', { settings: { slug: null } }, owner.token);
      assert.equal(slugOf(derived), 'self');
    });

    it('answers 409 (settings.slug) for an explicit slug already taken', async () => {
      const res = await server.http.post('/api/products/slug-clash', { basic: { product_name: 'X' }, settings: { slug: 'vrtacka-bosch' } }, owner.token);
      assert.equal(res.status, 409);
      assert.deepEqual(errorFields(res.body), ['settings.slug']);
      // An existing id with a taken slug: the id is named (SPEC 3), not the slug.
      const both = await server.http.post('/api/products/self-slug-1', { basic: { product_name: 'X' }, settings: { slug: 'vrtacka-bosch' } }, owner.token);
      assert.equal(both.status, 409);
      assert.deepEqual(errorFields(both.body), ['id']);
    });

    it('reads with an ETag and answers 304 to If-None-Match', async () => {
      const res = await server.http.get<Product>('/api/products/drill-1');
      assert.equal(res.status, 200);
      const etag = res.headers.get('etag');
      assert.ok(etag && /^"[^"]+"$/.test(etag));
      const again = await server.http.get('/api/products/drill-1', undefined, { 'if-none-match': etag });
      assert.equal(again.status, 304);
      assert.equal(again.text, '');
      const depth0 = await server.http.get<Product>('/api/products/drill-1?depth=0');
      assert.equal(depth0.body.basic.rent_owner, owner.id, 'depth 0 gives the owner id');
      assert.notEqual(depth0.headers.get('etag'), etag);
      const deep = await server.http.get<Product>('/api/products/drill-1?depth=5');
      assert.equal(deep.body.basic.rent_owner.id, owner.id, 'depth above 1 acts as 1');
      const badDepth = await server.http.get('/api/products/drill-1?depth=-1');
      assert.equal(badDepth.status, 400);
      assert.deepEqual(errorFields(badDepth.body), ['depth']);
    });

    it('answers 404 for a missing product and for a product the caller may not read', async () => {
      assert.equal((await server.http.get('/api/products/nope')).status, 404);
      const hidden = await server.http.post('/api/products/hidden-1', { basic: { product_name: 'Hidden' } }, owner.token);
      assert.equal(hidden.status, 201);
      assert.equal((await server.http.get('/api/products/hidden-1')).status, 404, 'anonymous');
      assert.equal((await server.http.get('/api/products/hidden-1', other.token)).status, 404, 'another owner');
      assert.equal((await server.http.get('/api/products/hidden-1', owner.token)).status, 200, 'its owner');
      assert.equal((await server.http.get('/api/products/hidden-1', admin.token)).status, 200, 'an admin');
    });

    it('answers every write with what reading the product returns, at both depths', async () => {
      const image = { id: 'inline-1', alt: 'Přední strana', filename: 'a.jpg', mimeType: 'image/jpeg', url: '/api/rentMedia/file/a.jpg', width: 4, height: 3 };
      const body = { ...full, gallery: { images: [image] }, availability: { reservationDates: [{ from: '2027-01-10', to: '2027-01-12' }] } };
      const read = async (id: string, depth: number) => (await server.http.get<Record<string, unknown>>(`/api/products/${id}?depth=${depth}`, owner.token)).body;
      for (const depth of [0, 1]) {
        const created = await server.http.post<Record<string, unknown>>(`/api/products/answered-${depth}?depth=${depth}`, body, owner.token);
        assert.equal(created.status, 201, created.text);
        assert.deepEqual(created.body, await read(`answered-${depth}`, depth), `create, depth ${depth}`);
        const generated = await server.http.post<{ doc: { id: string } }>(`/api/products?depth=${depth}`, body, owner.token);
        assert.deepEqual(generated.body.doc, await read(generated.body.doc.id, depth), `create without an id, depth ${depth}`);
        const patched = await server.http.patch<{ doc: Record<string, unknown> }>(`/api/products/answered-${depth}?depth=${depth}`, { additional: { price: 300 }, seo: null }, owner.token);
        assert.equal(patched.status, 200, patched.text);
        assert.deepEqual(patched.body.doc, await read(`answered-${depth}`, depth), `update, depth ${depth}`);
        const acted = await server.http.post<Record<string, unknown>>(`/api/products/answered-${depth}?depth=${depth}`, { action: 'unpublish' }, owner.token);
        assert.equal(acted.status, 200, acted.text);
        assert.deepEqual(acted.body, await read(`answered-${depth}`, depth), `action, depth ${depth}`);
      }
    });

    it('hides an unpublished product from others after its owner listed it (lists cache documents, not access columns)', async () => {
      assert.equal((await server.http.post('/api/products/hidden-2', { basic: { product_name: 'Hidden listed' } }, owner.token)).status, 201);
      for (const depth of [0, 1]) {
        const listed = await server.http.get<{ docs: { id: string }[] }>(`/api/products?depth=${depth}&limit=100&where[id][equals]=hidden-2`, owner.token);
        assert.deepEqual(listed.body.docs.map((doc) => doc.id), ['hidden-2']);
        assert.equal((await server.http.get(`/api/products/hidden-2?depth=${depth}`)).status, 404, `anonymous, depth ${depth}`);
        assert.equal((await server.http.get(`/api/products/hidden-2?depth=${depth}`, other.token)).status, 404, `another owner, depth ${depth}`);
        assert.equal((await server.http.get(`/api/products/hidden-2?depth=${depth}`, owner.token)).status, 200, `its owner, depth ${depth}`);
      }
    });

    it('PATCH merges deeply, replaces arrays, removes with null and advances updatedAt', async () => {
      await server.http.post('/api/products/patch-1', {
        basic: { product_name: 'Žebřík', location: 'Praha', product_desc: 'Hliníkový' },
        additional: { price: 100, caution: 300 },
        seo: { a: 1, b: { c: 2 } },
        availability: { reservationDates: [{ from: '2027-01-01', to: '2027-01-02' }] },
      }, owner.token);
      const before = await server.http.get<Product>('/api/products/patch-1', owner.token);
      const res = await server.http.patch<Envelope>('/api/products/patch-1', {
        basic: { location: null },
        additional: { price: 120 },
        seo: { b: { d: 3 } },
        availability: { reservationDates: [] },
      }, owner.token);
      assert.equal(res.status, 200);
      assert.equal(typeof res.body.message, 'string');
      const doc = res.body.doc;
      assert.equal(doc.basic.product_name, 'Žebřík');
      assert.equal(doc.basic.product_desc, 'Hliníkový');
      assert.equal('location' in doc.basic, false);
      assert.deepEqual(doc.additional, { price: 120, caution: 300 });
      assert.deepEqual(doc.seo, { a: 1, b: { c: 2, d: 3 } });
      assert.deepEqual(doc.availability.reservationDates, []);
      assert.ok(doc.updatedAt > before.body.updatedAt);
      assert.equal(doc.createdAt, before.body.createdAt);
      const filtered = await server.http.get<{ totalDocs: number }>('/api/products/count?where[basic.location][exists]=false&where[id][equals]=patch-1', owner.token);
      assert.equal(filtered.body.totalDocs, 1, 'the removed field is gone from the filter columns too');
    });

    it('PATCH validates the merged product', async () => {
      const res = await server.http.patch('/api/products/patch-1', { basic: { product_name: null }, additional: { price: -5 }, typo: 1 }, owner.token);
      assert.equal(res.status, 400);
      assert.deepEqual(new Set(errorFields(res.body)), new Set(['basic.product_name', 'additional.price', 'typo']));
      const empty = await server.http.patch('/api/products/patch-1', {}, owner.token);
      assert.equal(empty.status, 400);
      const read = await server.http.get<Product>('/api/products/patch-1', owner.token);
      assert.equal(read.body.additional.price, 120, 'a rejected PATCH changes nothing');
    });

    it('PATCH honours If-Match: stale → 412, current → 200', async () => {
      const read = await server.http.get<Product>('/api/products/patch-1', owner.token);
      const etag = read.headers.get('etag') as string;
      const ok = await server.http.patch('/api/products/patch-1', { additional: { price: 130 } }, owner.token, { 'if-match': etag });
      assert.equal(ok.status, 200);
      const stale = await server.http.patch('/api/products/patch-1', { additional: { price: 140 } }, owner.token, { 'if-match': etag });
      assert.equal(stale.status, 412);
      errorFields(stale.body);
      const after = await server.http.get<Product>('/api/products/patch-1', owner.token);
      assert.equal(after.body.additional.price, 130);
    });

    it('DELETE and actions honour If-Match too: stale → 412 and nothing changes, current → 200', async () => {
      assert.equal((await server.http.post('/api/products/if-match-1', { basic: { product_name: 'If-Match' } }, owner.token)).status, 201);
      const etag = (await server.http.get('/api/products/if-match-1', owner.token)).headers.get('etag') as string;
      const staleAction = await server.http.post('/api/products/if-match-1', { action: 'publish' }, owner.token, { 'if-match': '"stale"' });
      assert.equal(staleAction.status, 412, staleAction.text);
      assert.equal((await server.http.get<Product>('/api/products/if-match-1', owner.token)).body.settings.published, false);
      const action = await server.http.post<Product>('/api/products/if-match-1', { action: 'publish' }, owner.token, { 'if-match': etag });
      assert.equal(action.status, 200, action.text);
      const staleDelete = await server.http.delete('/api/products/if-match-1', owner.token, { 'if-match': etag });
      assert.equal(staleDelete.status, 412, 'the publish made a new version');
      assert.equal((await server.http.get('/api/products/if-match-1', owner.token)).status, 200);
      const current = (await server.http.get('/api/products/if-match-1', owner.token)).headers.get('etag') as string;
      assert.equal((await server.http.delete('/api/products/if-match-1', owner.token, { 'if-match': current })).status, 200);
      assert.equal((await server.http.get('/api/products/if-match-1', owner.token)).status, 404);
    });

    it('PATCH and DELETE need a token (401), the right owner (403/404), and an existing product (404)', async () => {
      await server.http.post('/api/products/guarded', { basic: { product_name: 'Guarded' }, settings: { published: true } }, owner.token);
      assert.equal((await server.http.patch('/api/products/guarded', { basic: { location: 'X' } })).status, 401);
      assert.equal((await server.http.delete('/api/products/guarded')).status, 401);
      assert.equal((await server.http.patch('/api/products/guarded', { basic: { location: 'X' } }, other.token)).status, 403);
      assert.equal((await server.http.delete('/api/products/guarded', other.token)).status, 403);
      assert.equal((await server.http.patch('/api/products/hidden-1', { basic: { location: 'X' } }, other.token)).status, 404);
      assert.equal((await server.http.patch('/api/products/missing', { basic: { location: 'X' } }, owner.token)).status, 404);
      assert.equal((await server.http.delete('/api/products/missing', owner.token)).status, 404);
      assert.equal((await server.http.patch('/api/products/guarded', { basic: { location: 'By admin' } }, admin.token)).status, 200);
    });

    it('only admins change basic.rent_owner', async () => {
      const mine = await server.http.patch('/api/products/guarded', { basic: { rent_owner: other.id } }, owner.token);
      assert.equal(mine.status, 403);
      const create = await server.http.post('/api/products/for-other', { basic: { product_name: 'X', rent_owner: other.id } }, owner.token);
      assert.equal(create.status, 403);
      const byAdmin = await server.http.patch<Envelope>('/api/products/guarded', { basic: { rent_owner: { id: other.id, ignored: 'yes' } } }, admin.token);
      assert.equal(byAdmin.status, 200);
      assert.equal(byAdmin.body.doc.basic.rent_owner.id, other.id);
      assert.equal(byAdmin.body.doc.basic.rent_owner.ignored, undefined);
      const unknown = await server.http.post('/api/products/unknown-owner', { basic: { product_name: 'X', rent_owner: 'nobody' } }, admin.token);
      assert.equal(unknown.status, 400);
      assert.deepEqual(errorFields(unknown.body), ['basic.rent_owner']);
    });

    it('writes need a token: 401 without one', async () => {
      const res = await server.http.post('/api/products/anon', { basic: { product_name: 'X' } });
      assert.equal(res.status, 401);
      errorFields(res.body);
      assert.equal((await server.http.post('/api/products', { basic: { product_name: 'X' } })).status, 401);
    });

    it('DELETE returns {doc, message}, removes the product and its reservations', async () => {
      await server.http.post('/api/products/doomed', { basic: { product_name: 'Doomed' }, availability: { reservationDates: [{ from: '2027-05-01', to: '2027-05-02' }] } }, owner.token);
      const res = await server.http.delete<Envelope>('/api/products/doomed', owner.token);
      assert.equal(res.status, 200);
      assert.equal(res.body.doc.id, 'doomed');
      assert.equal(typeof res.body.message, 'string');
      assert.equal((await server.http.get('/api/products/doomed', owner.token)).status, 404);
      assert.equal((await server.http.delete('/api/products/doomed', owner.token)).status, 404);
      const again = await server.http.post('/api/products/doomed', { basic: { product_name: 'Reborn' }, availability: { reservationDates: [{ from: '2027-05-01', to: '2027-05-02' }] } }, owner.token);
      assert.equal(again.status, 201, 'no reservation of the deleted product lingers');
    });
  });
}
