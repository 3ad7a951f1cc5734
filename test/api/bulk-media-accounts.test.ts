import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Media = { id: string; alt: string; filename: string; url: string; owner: string; updatedAt: string };
type Profile = { id: string; rentNameSystem: string; basic: Record<string, string> };
type Bulk<T> = { docs: T[]; errors: { id: string; message: string; field?: string }[]; message: string };
type Errors = { errors: { message: string; field?: string }[] };

const png = (side: number) => sharp({ create: { width: side, height: side, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();

for (const dialect of dialects) {
  describe(`bulk PATCH and DELETE on rentMedia and rents (${dialect})`, () => {
    let server: TestServer;
    let admin: { id: string; token: string };
    let owner: { id: string; token: string };
    let other: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      admin = await server.signUp({ admin: true, name: 'Správa' });
      owner = await server.signUp({ name: 'Majitel' });
      other = await server.signUp({ name: 'Soused' });
    });
    after(() => server.close());

    async function upload(alt: string, token: string): Promise<Media> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await png(12))]), 'photo.png');
      form.append('alt', alt);
      const res = await server.http.request<{ doc: Media }>('POST', '/api/rentMedia', { raw: form, token });
      assert.equal(res.status, 201, res.text);
      return res.body.doc;
    }

    it('PATCH /api/rentMedia?where changes the alt of every match the caller may change', async () => {
      const mine = [await upload('sklad A', owner.token), await upload('sklad B', owner.token)];
      const theirs = await upload('sklad C', other.token);

      const res = await server.http.patch<Bulk<Media>>(`/api/rentMedia?where[id][in]=${mine[0]!.id},${mine[1]!.id}&sort=createdAt`, { alt: 'Sklad' }, owner.token);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.docs.map((doc) => [doc.id, doc.alt]), [[mine[0]!.id, 'Sklad'], [mine[1]!.id, 'Sklad']]);
      assert.deepEqual(res.body.errors, []);
      assert.equal(res.body.message, 'Updated 2 Media documents successfully.');
      assert.equal((await server.http.get<Media>(`/api/rentMedia/${mine[1]!.id}`)).body.alt, 'Sklad');

      // Someone else's media is matched (media are public) but refused, and left as it was.
      const mixed = await server.http.patch<Bulk<Media>>('/api/rentMedia?where[alt][like]=sklad', { alt: 'Cizí' }, owner.token);
      assert.equal(mixed.status, 400, mixed.text);
      assert.deepEqual(mixed.body.docs.map((doc) => doc.id).sort(), mine.map((doc) => doc.id).sort());
      assert.deepEqual(mixed.body.errors.map((error) => error.id), [theirs.id]);
      assert.equal(mixed.body.message, 'Unable to update 1 out of 3 Media documents.');
      assert.equal((await server.http.get<Media>(`/api/rentMedia/${theirs.id}`)).body.alt, 'sklad C');

      const onlyTheirs = await server.http.patch<Bulk<Media>>(`/api/rentMedia?where[id][equals]=${theirs.id}`, { alt: 'x' }, owner.token);
      assert.equal(onlyTheirs.status, 403, onlyTheirs.text);
      const selected = await server.http.patch<Bulk<Media>>(`/api/rentMedia?where[id][equals]=${mine[0]!.id}&select[alt]=true`, { alt: 'Vybráno' }, owner.token);
      assert.deepEqual(selected.body.docs, [{ id: mine[0]!.id, alt: 'Vybráno' }]);
      // In sort order, as far as the limit reaches: the newest one only.
      const newest = await server.http.patch<Bulk<Media>>(`/api/rentMedia?where[id][in]=${mine[0]!.id},${mine[1]!.id}&sort=-createdAt&limit=1`, { alt: 'Nejnovější' }, owner.token);
      assert.deepEqual(newest.body.docs.map((doc) => [doc.id, doc.alt]), [[mine[1]!.id, 'Nejnovější']]);
      assert.equal((await server.http.get<Media>(`/api/rentMedia/${mine[0]!.id}`)).body.alt, 'Vybráno');
    });

    it('refuses a bad body or query before changing anything, anonymous callers, and PATCH or DELETE without a where', async () => {
      const doc = await upload('Beze změny', owner.token);
      const where = `where[id][equals]=${doc.id}`;
      const bad = await server.http.patch<Errors>(`/api/rentMedia?${where}`, { alt: 5, filename: 'x.png' }, owner.token);
      assert.equal(bad.status, 400, bad.text);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['alt', 'filename']));
      const badQuery = await server.http.patch<Errors>('/api/rentMedia?where[nope][equals]=1&limit=0', { alt: 'x' }, owner.token);
      assert.deepEqual(new Set(errorFields(badQuery.body)), new Set(['where.nope', 'limit']));
      assert.equal((await server.http.patch(`/api/rentMedia?${where}`, { alt: 'x' })).status, 401);
      assert.equal((await server.http.delete(`/api/rentMedia?${where}`)).status, 401);
      for (const method of ['PATCH', 'DELETE'] as const) {
        const res = await server.http.request<Errors>(method, '/api/rentMedia', { body: method === 'PATCH' ? { alt: 'x' } : undefined, token: admin.token });
        assert.equal(res.status, 405, res.text);
        assert.equal(res.headers.get('allow'), 'GET, HEAD, POST');
      }
      assert.equal((await server.http.get<Media>(`/api/rentMedia/${doc.id}`)).body.alt, 'Beze změny');
    });

    it('DELETE /api/rentMedia?where deletes every match and its files, except media a gallery uses (reported, kept)', async () => {
      const loose = await upload('smazat volné', owner.token);
      const used = await upload('smazat použité', owner.token);
      const product = await server.http.post<{ doc: { id: string } }>('/api/products', { basic: { product_name: 'S obrázkem' }, gallery: { images: [used.id] } }, owner.token);
      assert.equal(product.status, 201, product.text);

      const res = await server.http.delete<Bulk<Media>>('/api/rentMedia?where[alt][like]=smazat', owner.token);
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(res.body.docs.map((doc) => doc.id), [loose.id]);
      assert.deepEqual(res.body.errors.map((error) => [error.id, error.field]), [[used.id, 'id']]);
      assert.match(res.body.errors[0]!.message, /gallery/);
      assert.equal((await server.http.get(`/api/rentMedia/${loose.id}`)).status, 404);
      assert.equal((await server.http.get(loose.url)).status, 404);
      assert.equal((await server.http.get(`/api/rentMedia/${used.id}`)).status, 200);
      assert.equal((await server.http.get(used.url)).status, 200);
    });

    it('PATCH /api/rents?where: admins change every match; an account only itself', async () => {
      const a = await server.signUp({ name: 'Hromadně A' });
      const b = await server.signUp({ name: 'Hromadně B' });
      const where = 'where[rentNameSystem][like]=hromadne&sort=createdAt';
      const res = await server.http.patch<Bulk<Profile>>(`/api/rents?${where}`, { basic: { rentalPhone: '+420 777 000 111' } }, admin.token);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.docs.map((doc) => [doc.id, doc.basic.rentalPhone]), [[a.id, '+420 777 000 111'], [b.id, '+420 777 000 111']]);
      assert.equal(res.body.message, 'Updated 2 Accounts successfully.');
      assert.ok(!res.text.includes('@example.com'), 'no login e-mails in the answer');

      const byA = await server.http.patch<Bulk<Profile>>(`/api/rents?${where}`, { basic: { rentalPhone: '1' } }, a.token);
      assert.equal(byA.status, 400, byA.text);
      assert.deepEqual(byA.body.docs.map((doc) => doc.id), [a.id]);
      assert.deepEqual(byA.body.errors.map((error) => error.id), [b.id]);
      assert.equal((await server.http.get<Profile>(`/api/rents/${b.id}`)).body.basic.rentalPhone, '+420 777 000 111');

      const roles = await server.http.patch<Errors>(`/api/rents?where[id][equals]=${a.id}`, { roles: ['admin'] }, a.token);
      assert.equal(roles.status, 403, roles.text);
      assert.equal((await server.http.patch(`/api/rents?where[id][equals]=${a.id}`, { roles: ['admin'] })).status, 401);
      const unknown = await server.http.patch<Errors>(`/api/rents?${where}`, { rentNameSystem: '', nickname: 'x' }, admin.token);
      assert.equal(unknown.status, 400);
      assert.deepEqual(new Set(errorFields(unknown.body)), new Set(['rentNameSystem', 'nickname']));
      assert.equal((await server.http.patch<Errors>('/api/rents?where[email][like]=example', { basic: {} }, admin.token)).status, 400);
      const newest = await server.http.patch<Bulk<Profile>>(`/api/rents?where[rentNameSystem][like]=hromadne&sort=-createdAt&limit=1`, { basic: { rentalPhone: '2' } }, admin.token);
      assert.deepEqual(newest.body.docs.map((doc) => [doc.id, doc.basic.rentalPhone]), [[b.id, '2']]);
      assert.equal((await server.http.get<Profile>(`/api/rents/${a.id}`)).body.basic.rentalPhone, '1');
    });

    it('DELETE /api/rents?where: admins delete the matches that own nothing; the others are reported (409) and kept', async () => {
      const empty = await server.signUp({ name: 'Rušená prázdná' });
      const busy = await server.signUp({ name: 'Rušená plná' });
      assert.equal((await server.http.post('/api/products', { basic: { product_name: 'Drží účet' } }, busy.token)).status, 201);
      const where = 'where[rentNameSystem][like]=rusena';
      assert.equal((await server.http.delete(`/api/rents?${where}`, owner.token)).status, 403);

      const res = await server.http.delete<Bulk<Profile>>(`/api/rents?${where}`, admin.token);
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(res.body.docs.map((doc) => doc.id), [empty.id]);
      assert.deepEqual(res.body.errors.map((error) => [error.id, error.field]), [[busy.id, 'id']]);
      assert.match(res.body.errors[0]!.message, /1 product/);
      assert.equal((await server.http.get(`/api/rents/${empty.id}`)).status, 404);
      assert.deepEqual((await server.http.get('/api/rents/me', empty.token)).body, { user: null });
      assert.equal((await server.http.get(`/api/rents/${busy.id}`)).status, 200);
      assert.equal(res.body.message, 'Unable to delete 1 out of 2 Accounts.');
    });
  });
}
