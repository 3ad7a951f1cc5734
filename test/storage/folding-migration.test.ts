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
import { searchTextsOf } from '../../src/domain/product-document.js';
import { LOWER_TABLE, lowerText } from '../../src/domain/fold.js';

/** The service's migrations up to and including `last`, as an older release had them. */
function upTo(dialect: Dialect, last: string): MigrationProvider {
  return {
    async getMigrations() {
      const all = await migrationProvider(dialect).getMigrations();
      return Object.fromEntries(Object.entries(all).filter(([name]) => name <= last));
    },
  };
}

/** A database of one dialect, migrated by `run`, then closed and dropped. */
async function withDatabase(dialect: Dialect, run: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'folding-'));
  const target = dialect === 'postgres' ? await createPostgresDatabase() : { url: `file:${join(dir, 'rental.db')}`, drop: async () => {} };
  const database = await openDatabase(target.url, dir);
  try {
    await run(database);
  } finally {
    await database.close();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const dialect of dialects) {
  describe(`migrations 008 and 009: search text parts, and PostgreSQL's rc_lower (${dialect})`, () => {
    it('stores where each folded field sits in the search texts stored before, and refolds a text folded otherwise', async () => {
      await withDatabase(dialect, async (database) => {
        const { db } = database;
        await migrate(database, upTo(dialect, '007-greek-cyrillic-folding'));
        const now = new Date().toISOString();
        const stored = [
          { id: 'emoji', name: '😀 Úsměv 𝒜', desc: 'Zaškolení zdarma.\nVrtačka', location: '日本' as string | null, search: '' },
          { id: 'bare', name: 'Žebřík', desc: null as string | null, location: null, search: '' },
          // Stored as no folding of the service's ever stored it: written again as the service stores it now.
          { id: 'stale', name: 'ABC', desc: 'Déšť', location: 'X', search: 'abc\ndéšť\nx' },
        ];
        for (const { id, name, desc, location, search } of stored) {
          await db.insertInto('products').values({ id, slug: id, published: 1, version: 1, product_name: name, location, created_at: now, updated_at: now, doc: '{}' }).execute();
          const text = search || searchTextsOf(name, desc ?? '', location ?? '').search_text;
          await sql`INSERT INTO product_texts (product_id, product_desc, search_text) VALUES (${id}, ${desc}, ${text})`.execute(db);
        }

        await migrate(database);

        for (const { id, name, desc, location } of stored) {
          const row = await db.selectFrom('product_texts').select(['search_text', 'name_length', 'desc_length']).where('product_id', '=', id).executeTakeFirstOrThrow();
          assert.deepEqual(row, searchTextsOf(name, desc ?? '', location ?? ''), id);
        }
        const parts = await sql<{ name: string; desc: string; location: string }>`SELECT substr(search_text, 1, name_length) AS name,
          substr(search_text, name_length + 2, desc_length) AS desc, substr(search_text, name_length + desc_length + 3) AS location
          FROM product_texts WHERE product_id = 'emoji'`.execute(db);
        assert.deepEqual(parts.rows[0], { name: '😀 usmev 𝒜', desc: 'zaskoleni zdarma.\nvrtacka', location: '日本' });
        if (dialect === 'sqlite') {
          const found = await sql<{ total: number }>`SELECT count(*) AS total FROM products_fts WHERE products_fts MATCH ${'"dest"'}`.execute(db);
          assert.equal(Number(found.rows[0]?.total), 1, 'the full-text index holds the refolded text');
        } else {
          const keys = [...LOWER_TABLE.keys(), 'ΣΑΣ ', 'ẞ', 'İ'].join('');
          const lowered = await sql<{ lower: string }>`SELECT rc_lower(${keys}) AS lower`.execute(db);
          assert.equal(lowered.rows[0]?.lower, lowerText(keys), 'rc_lower lower-cases as lowerText does');
          const definition = await sql<{ body: string }>`SELECT prosrc AS body FROM pg_proc WHERE proname = 'rc_lower'`.execute(db);
          assert.match(definition.rows[0]?.body ?? '', /und-x-icu/, 'through ICU, where the server has it');
        }
      });
    });
  });

  describe(`migration 007: Greek and Cyrillic folding (${dialect})`, () => {
    it('refolds the final sigma of search texts stored before it, so that q finds them, and PostgreSQL folds as JavaScript does', async () => {
      await withDatabase(dialect, async (database) => {
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
      });
    });
  });
}
