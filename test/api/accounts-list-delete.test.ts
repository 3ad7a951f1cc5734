import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Profile = { id: string; rentNameSystem: string; basic: Record<string, string>; terms: { termsArray: { id: string }[] } };
type Page = { docs: Profile[]; totalDocs: number; limit: number; page: number; totalPages: number; hasNextPage: boolean; nextPage: number | null };
type Errors = { errors: { message: string; field?: string }[] };

/** Runs statements on the test server's database over a connection of its own, as another program would. */
async function onTheSide(server: TestServer, statements: string[]): Promise<void> {
  if (server.databaseUrl.startsWith('file:')) {
    const db = new Database(server.databaseUrl.slice('file:'.length));
    try {
      for (const statement of statements) db.exec(statement);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

for (const dialect of dialects) {
  describe(`GET /api/rents and DELETE /api/rents/:id (${dialect})`, () => {
    let server: TestServer;
    let admin: { id: string; token: string };
    let owner: { id: string; token: string };
    const names = ['Alfa půjčovna', 'Beta Rent', 'Gama nářadí'];
    const ids: string[] = [];

    before(async () => {
      server = await startServer(dialect);
      admin = await server.signUp({ admin: true, name: 'Správa' });
      owner = await server.signUp({ name: 'Majitel' });
      for (const name of names) ids.push((await server.signUp({ name })).id);
    });
    after(() => server.close());

    it('lists public profiles in the list envelope, newest first, with no login data', async () => {
      const res = await server.http.get<Page>('/api/rents');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.totalDocs, 5);
      assert.equal(res.body.limit, 10);
      assert.deepEqual(res.body.docs.map((doc) => doc.rentNameSystem), [...names].reverse().concat(['Majitel', 'Správa']));
      for (const doc of res.body.docs) assert.deepEqual(Object.keys(doc).sort(), ['basic', 'id', 'rentNameSystem', 'terms']);
      assert.ok(!/@example\.com|argon2|password|roles/.test(res.text), res.text);
    });

    it('pages, sorts, filters and counts by the public fields; anything else is a 400 naming it', async () => {
      const page = await server.http.get<Page>('/api/rents?limit=2&page=2&sort=rentNameSystem');
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(page.body.docs.map((doc) => doc.rentNameSystem), ['Gama nářadí', 'Majitel']);
      assert.equal(page.body.totalPages, 3);
      assert.equal(page.body.nextPage, 3);
      const like = await server.http.get<Page>('/api/rents?where[rentNameSystem][like]=pujcovna');
      assert.deepEqual(like.body.docs.map((doc) => doc.id), [ids[0]], like.text);
      const byId = await server.http.get<Page>(`/api/rents?where[id][in]=${ids[1]},${ids[2]}&sort=createdAt`);
      assert.deepEqual(byId.body.docs.map((doc) => doc.id), [ids[1], ids[2]]);
      const whole = await server.http.get<Page>('/api/rents?pagination=false');
      assert.equal(whole.body.docs.length, 5);
      const selected = await server.http.get<Page>('/api/rents?select[rentNameSystem]=true&limit=1');
      assert.deepEqual(Object.keys(selected.body.docs[0] ?? {}).sort(), ['id', 'rentNameSystem']);

      const count = await server.http.get<{ totalDocs: number }>('/api/rents/count?where[rentNameSystem][like]=pujcovna');
      assert.deepEqual(count.body, { totalDocs: 1 }, count.text);
      assert.deepEqual((await server.http.get('/api/rents/count')).body, { totalDocs: 5 });
      const badCount = await server.http.get<Errors>('/api/rents/count?where[roles][equals]=admin');
      assert.equal(badCount.status, 400);
      assert.deepEqual(errorFields(badCount.body), ['where.roles']);

      const probe = await server.http.get<Errors>('/api/rents?where[email][equals]=x@example.com&sort=roles&limit=0');
      assert.equal(probe.status, 400);
      assert.deepEqual(new Set(errorFields(probe.body)), new Set(['where.email', 'sort', 'limit']));
    });

    it('a read rule that returns a filter narrows the list and hides the rest from single reads', async () => {
      const narrowed = await startServer(dialect, (config) => {
        config.access.rents.read = ({ user }) => (user ? { id: { equals: user.id } } : false);
      });
      try {
        const me = await narrowed.signUp({ name: 'Jen já' });
        const someoneElse = await narrowed.signUp({ name: 'Někdo jiný' });
        const list = await narrowed.http.get<Page>('/api/rents', me.token);
        assert.deepEqual(list.body.docs.map((doc) => doc.id), [me.id]);
        assert.equal(list.body.totalDocs, 1);
        assert.equal((await narrowed.http.get('/api/rents')).status, 401);
        assert.equal((await narrowed.http.get(`/api/rents/${me.id}`, me.token)).status, 200);
        assert.equal((await narrowed.http.get(`/api/rents/${someoneElse.id}`, me.token)).status, 404);
        assert.equal((await narrowed.http.get(`/api/rents/${me.id}`)).status, 404);
        // Not readable, so not updatable either: 404, not 403.
        assert.equal((await narrowed.http.patch(`/api/rents/${someoneElse.id}`, { rentNameSystem: 'X' }, me.token)).status, 404);
      } finally {
        await narrowed.close();
      }
    });

    it('a create rule that returns a filter allows only accounts that match it', async () => {
      const filtered = await startServer(dialect, (config) => {
        config.access.rents.create = ({ user }) => (user ? { rentNameSystem: { like: 'pobočka' } } : false);
      });
      try {
        const manager = await filtered.signUp({ name: 'Vedoucí' });
        const account = (name: string, email: string) => ({ email, password: 'correct horse battery', rentNameSystem: name });
        const matching = await filtered.http.post<{ doc: Profile }>('/api/rents', account('Pobočka Brno', 'brno@example.com'), manager.token);
        assert.equal(matching.status, 201, matching.text);
        assert.equal(matching.body.doc.rentNameSystem, 'Pobočka Brno');
        const other = await filtered.http.post('/api/rents', account('Konkurence', 'jina@example.com'), manager.token);
        assert.equal(other.status, 403, other.text);
        assert.equal((await filtered.http.post('/api/rents', account('Pobočka Zlín', 'zlin@example.com'))).status, 401);
        const stored = await filtered.http.get<Page>('/api/rents?sort=createdAt');
        assert.deepEqual(stored.body.docs.map((doc) => doc.rentNameSystem), ['Vedoucí', 'Pobočka Brno']);
        assert.equal((await filtered.http.post('/api/rents/login', { email: 'jina@example.com', password: 'correct horse battery' })).status, 401);
      } finally {
        await filtered.close();
      }
    });

    it('admins delete an account that owns nothing; its tokens die and it can no longer log in', async () => {
      const doomed = await server.signUp({ name: 'Zrušená půjčovna' });
      assert.equal((await server.http.delete(`/api/rents/${doomed.id}`)).status, 401);
      assert.equal((await server.http.delete(`/api/rents/${doomed.id}`, owner.token)).status, 403);
      assert.equal((await server.http.delete(`/api/rents/${doomed.id}`, doomed.token)).status, 403, 'by default only admins delete accounts');
      assert.equal((await server.http.get<{ user: unknown }>('/api/rents/me', doomed.token)).body.user !== null, true);

      const res = await server.http.delete<{ doc: Profile; message: string }>(`/api/rents/${doomed.id}`, admin.token);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.doc.id, doomed.id);
      assert.equal(res.body.doc.rentNameSystem, 'Zrušená půjčovna');
      assert.equal(typeof res.body.message, 'string');
      assert.ok(!res.text.includes('@example.com'));

      assert.equal((await server.http.get(`/api/rents/${doomed.id}`)).status, 404);
      assert.deepEqual((await server.http.get<{ user: unknown }>('/api/rents/me', doomed.token)).body, { user: null });
      assert.equal((await server.http.post('/api/rents/refresh', undefined, doomed.token)).status, 401);
      assert.equal((await server.http.post('/api/products', { basic: { product_name: 'Po smrti' } }, doomed.token)).status, 401);
      assert.equal((await server.http.get<Page>(`/api/rents?where[id][equals]=${doomed.id}`)).body.totalDocs, 0);
      assert.equal((await server.http.delete(`/api/rents/${doomed.id}`, admin.token)).status, 404);
      assert.equal((await server.http.delete('/api/rents/no-such-account', admin.token)).status, 404);
      assert.equal((await server.http.post('/api/rents/login', { email: doomed.email, password: doomed.password })).status, 401);
    });

    it('refuses (409, nothing deleted) while the account owns products or media, and deletes once they are gone', async () => {
      const busy = await server.signUp({ name: 'Plná půjčovna' });
      for (const id of ['busy-1', 'busy-2']) {
        assert.equal((await server.http.post(`/api/products/${id}`, { basic: { product_name: id } }, busy.token)).status, 201);
      }
      const form = new FormData();
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 20, b: 30 } } }).png().toBuffer();
      form.append('file', new Blob([new Uint8Array(png)]), 'logo.png');
      const media = await server.http.request<{ doc: { id: string } }>('POST', '/api/rentMedia', { raw: form, token: busy.token });
      assert.equal(media.status, 201, media.text);

      const refused = await server.http.delete<Errors>(`/api/rents/${busy.id}`, admin.token);
      assert.equal(refused.status, 409, refused.text);
      assert.match(refused.body.errors[0]?.message ?? '', /2 products and 1 media document/);
      assert.deepEqual(errorFields(refused.body), ['id']);
      assert.equal((await server.http.get(`/api/rents/${busy.id}`)).status, 200, 'the account stays');
      assert.equal((await server.http.get('/api/products/busy-1', busy.token)).status, 200, 'and so do its products and sessions');

      // Products move to another owner (admins), media are deleted: then the account can go.
      const moved = await server.http.patch(`/api/products/busy-1`, { basic: { rent_owner: owner.id } }, admin.token);
      assert.equal(moved.status, 200, moved.text);
      assert.equal((await server.http.delete('/api/products/busy-2', busy.token)).status, 200);
      const stillMedia = await server.http.delete<Errors>(`/api/rents/${busy.id}`, admin.token);
      assert.equal(stillMedia.status, 409);
      assert.match(stillMedia.body.errors[0]?.message ?? '', /owns 1 media document:/);
      assert.equal((await server.http.delete(`/api/rentMedia/${media.body.doc.id}`, busy.token)).status, 200);
      assert.equal((await server.http.delete(`/api/rents/${busy.id}`, admin.token)).status, 200);
      const product = await server.http.get<{ basic: { rent_owner: { id: string } } }>('/api/products/busy-1', owner.token);
      assert.equal(product.body.basic.rent_owner.id, owner.id);
    });

    it('refused by the database for a reference it does not count (a table of the operator\'s own): a 409, and the account stays', async () => {
      const referred = await server.signUp({ name: 'Odkazovaná půjčovna' });
      await onTheSide(server, [
        'CREATE TABLE operator_notes (rent_id text NOT NULL REFERENCES rents (id))',
        `INSERT INTO operator_notes VALUES ('${referred.id}')`,
      ]);
      const refused = await server.http.delete<Errors>(`/api/rents/${referred.id}`, admin.token);
      assert.equal(refused.status, 409, refused.text);
      assert.deepEqual(errorFields(refused.body), ['id']);
      assert.match(refused.body.errors[0]?.message ?? '', /Something still refers to the account/);
      assert.equal((await server.http.get(`/api/rents/${referred.id}`)).status, 200, 'the account stays');
      assert.equal((await server.http.get('/api/rents/me', referred.token)).status, 200);

      await onTheSide(server, ['DROP TABLE operator_notes']);
      assert.equal((await server.http.delete(`/api/rents/${referred.id}`, admin.token)).status, 200);
    });

    it('a product naming a deleted account is a 400 on basic.rent_owner, also when the account goes while the write is on its way', async () => {
      const gone = await server.signUp({ name: 'Krátce žijící' });
      assert.equal((await server.http.delete(`/api/rents/${gone.id}`, admin.token)).status, 200);
      const before = await server.http.post<Errors>('/api/products/orphan', { basic: { product_name: 'Sirotek', rent_owner: gone.id } }, admin.token);
      assert.equal(before.status, 400, before.text);
      assert.deepEqual(errorFields(before.body), ['basic.rent_owner']);

      // The account is deleted after the write checked it and before it is stored: the check
      // inside the write's transaction finds it gone.
      let victim = '';
      const raced = await startServer(dialect, (config) => {
        config.hooks.products.beforeChange = [
          async ({ data }) => {
            if (victim) assert.equal((await raced.storage.rents.deleteUnlessOwning(victim)).deleted, true);
            return data;
          },
        ];
      });
      try {
        const boss = await raced.signUp({ admin: true });
        victim = (await raced.signUp({ name: 'Mizející' })).id;
        const res = await raced.http.post<Errors>('/api/products/raced', { basic: { product_name: 'Závod', rent_owner: victim } }, boss.token);
        assert.equal(res.status, 400, res.text);
        assert.deepEqual(errorFields(res.body), ['basic.rent_owner']);
        assert.equal((await raced.http.get('/api/products/raced', boss.token)).status, 404, 'nothing stored');
      } finally {
        await raced.close();
      }
    });

    it('an upload by an account deleted while the upload is on its way is a 401, with no row and no file left', async () => {
      // The account goes after the upload was authenticated and allowed, before its row is stored.
      let victim = '';
      const raced = await startServer(dialect, (config) => {
        config.access.rentMedia.create = async ({ user }) => {
          if (user?.id === victim) assert.equal((await raced.storage.rents.deleteUnlessOwning(victim)).deleted, true);
          return user !== null;
        };
      });
      try {
        const uploader = await raced.signUp({ name: 'Mizející fotograf' });
        victim = uploader.id;
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: 'blue' } }).png().toBuffer())]), 'late.png');
        const res = await raced.http.request<Errors>('POST', '/api/rentMedia', { raw: form, token: uploader.token });
        assert.equal(res.status, 401, res.text);
        errorFields(res.body);
        assert.equal((await raced.http.get<Page>('/api/rentMedia/count')).body.totalDocs, 0);
        const mediaDir = join(raced.dataDir, 'media');
        assert.deepEqual((existsSync(mediaDir) ? readdirSync(mediaDir) : []).filter((name) => name.startsWith('late')), []);
        assert.equal((await raced.http.get('/api/rentMedia/file/late.png')).status, 404);
      } finally {
        await raced.close();
      }
    });
  });
}
