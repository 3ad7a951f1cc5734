import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { MigrationProvider } from 'kysely';
import { migrate, openDatabase } from '../../src/storage/database.js';
import { migrationProvider } from '../../src/storage/migrations/index.js';
import type { Dialect } from '../../src/storage/schema.js';
import { createPostgresDatabase, dialects } from '../helpers/server.js';

/** The service's migrations up to and including `last`, as an older release had them. */
function upTo(dialect: Dialect, last: string): MigrationProvider {
  return {
    async getMigrations() {
      const all = await migrationProvider(dialect).getMigrations();
      return Object.fromEntries(Object.entries(all).filter(([name]) => name <= last));
    },
  };
}

for (const dialect of dialects) {
  describe(`migrations 090–092 on data an older release stored (${dialect})`, () => {
    it('claims the media file names stored, moves bookings to their products\' owners, and records gallery uses by url', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'migrations-090-'));
      const target = dialect === 'postgres' ? await createPostgresDatabase() : { url: `file:${join(dir, 'rental.db')}`, drop: async () => {} };
      const database = await openDatabase(target.url, dir);
      try {
        const { db } = database;
        await migrate(database, upTo(dialect, '080-price-indexes-carry-published'));
        const now = new Date().toISOString();
        // What JSON.stringify stores and PostgreSQL's jsonb refuses: the migrations must read past it.
        const odd = 'nul \u0000 and a lone \ud800';
        for (const id of ['former', 'current']) {
          await db.insertInto('rents').values({ id, email: `${id}@example.com`, password_hash: 'x', rent_name_system: id, roles: '[]', profile: '{}', locked_until: null, created_at: now, updated_at: now }).execute();
        }
        const sizes = { thumbnail: { url: '/api/rentMedia/file/foto-thumbnail-400x300.jpg', filename: 'foto-thumbnail-400x300.jpg', width: 400, height: 300, mimeType: 'image/jpeg', filesize: 10 } };
        await db.insertInto('rent_media').values({ id: 'm1', owner_id: 'current', filename: 'foto.jpg', mime_type: 'image/jpeg', filesize: 100, width: 800, height: 600, alt: '', created_at: now, updated_at: now, doc: JSON.stringify({ id: 'm1', alt: odd, filename: 'foto.jpg', sizes }) }).execute();
        const gallery = { images: ['m1', { id: 'own', alt: '', filename: 'foto.jpg', mimeType: 'image/jpeg', url: '/api/rentMedia/file/foto.jpg', width: 800, height: 600 }] };
        await db.insertInto('products').values({ id: 'p1', slug: 'p1', published: 1, version: 1, product_name: 'P', owner_id: 'current', created_at: now, updated_at: now, doc: JSON.stringify({ id: 'p1', seo: { note: odd }, gallery }) }).execute();
        await db.insertInto('products').values({ id: 'p2', slug: 'p2', published: 1, version: 1, product_name: 'Q', owner_id: 'current', created_at: now, updated_at: now, doc: JSON.stringify({ id: 'p2' }) }).execute();
        const booking = (id: string, owner: string) => ({
          id, product_id: 'p1', owner_id: owner, status: 'requested', from_at: now, to_at: now, starts_at: 0, ends_at: 1, customer_email: 'c@example.com', token_hash: 'h', expires_at: null, created_at: now, updated_at: now,
          doc: JSON.stringify({ id, product: 'p1', owner, status: 'requested', customer: { note: odd } }),
        });
        await db.insertInto('bookings').values([booking('b-moved', 'former'), booking('b-kept', 'current')]).execute();

        await migrate(database);

        const names = (await db.selectFrom('media_filenames').select('filename').orderBy('filename').execute()).map((row) => row.filename);
        assert.deepEqual(names, ['foto-thumbnail-400x300.jpg', 'foto.jpg']);
        const bookings = await db.selectFrom('bookings').select(['id', 'owner_id', 'doc']).orderBy('id').execute();
        assert.deepEqual(bookings.map((row) => [row.id, row.owner_id, (JSON.parse(row.doc) as { owner: string }).owner]), [['b-kept', 'current', 'current'], ['b-moved', 'current', 'current']]);
        assert.equal((JSON.parse(bookings[1]?.doc ?? '{}') as { customer: { note: string } }).customer.note, odd, 'the rest of the document as it was');
        assert.deepEqual(Object.keys(JSON.parse(bookings[1]?.doc ?? '{}') as object), ['id', 'product', 'owner', 'status', 'customer'], 'in its order');
        const uses = (await db.selectFrom('product_media').select(['product_id', 'media_id']).orderBy('media_id').execute()).map((row) => `${row.product_id} ${row.media_id}`);
        assert.deepEqual(uses, ['p1 file:foto.jpg']);
      } finally {
        await database.close();
        await target.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
