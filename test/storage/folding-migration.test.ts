import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql, type MigrationProvider } from 'kysely';
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
  describe(`migration 007: Greek and Cyrillic folding (${dialect})`, () => {
    it('refolds the final sigma of search texts stored before it, so that q finds them, and PostgreSQL folds as JavaScript does', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'folding-'));
      const target = dialect === 'postgres' ? await createPostgresDatabase() : { url: `file:${join(dir, 'rental.db')}`, drop: async () => {} };
      const database = await openDatabase(target.url, dir);
      try {
        const { db } = database;
        await migrate(database, upTo(dialect, '006-reset-issued-at'));
        const now = new Date().toISOString();
        await db.insertInto('products').values({ id: 'odos', slug: 'odos', published: 0, version: 1, product_name: 'ΟΔΟΣ', created_at: now, updated_at: now, doc: '{}' }).execute();
        // As the code before folded `ΟΔΟΣ` (JavaScript lower-cases a word-final Σ to ς).
        await db.insertInto('product_texts').values({ product_id: 'odos', product_desc: '', search_text: 'οδος\n\n' }).execute();

        await migrate(database);

        const { search_text: stored } = await db.selectFrom('product_texts').select('search_text').where('product_id', '=', 'odos').executeTakeFirstOrThrow();
        assert.equal(stored, 'οδοσ\n\n');
        if (dialect === 'sqlite') {
          const found = await sql<{ total: number }>`SELECT count(*) AS total FROM products_fts WHERE products_fts MATCH ${'"οδοσ"'}`.execute(db);
          assert.equal(Number(found.rows[0]?.total), 1, 'the full-text index holds the refolded text');
        } else {
          const folded = await sql<{ fold: string; lower: string }>`SELECT rc_fold(${'Αθήνα ΟΔΟΣ οδός Ёлка Йошкар Vrtačka'}) AS fold, rc_lower(${'ΟΔΟΣ İstanbul Ёлка'}) AS lower`.execute(db);
          assert.deepEqual(folded.rows[0], { fold: 'αθηνα οδοσ οδοσ елка иошкар vrtacka', lower: 'οδοσ istanbul ёлка' });
        }
      } finally {
        await database.close();
        await target.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
