import { sql, type Kysely, type Migration } from 'kysely';
import { searchTextsOf, type SearchTexts } from '../../domain/product-document.js';
import type { Dialect } from '../schema.js';
import { FLUSH_SEARCH_INDEX } from './002-batched-search-index.js';

const BATCH = 1000;

interface StoredTexts {
  id: string;
  product_name: string;
  location: string | null;
  product_desc: string | null;
  search_text: string;
}

type Parts = SearchTexts & { id: string; previous: string };

/**
 * `product_texts` keeps where the folded name ends and how long the folded description is in
 * `search_text`, so that `like` on name, description and location compares stored text
 * instead of folding each field in SQL (storage/products-repository.ts: FOLDED_PARTS). Every
 * stored product gets its lengths here, computed as the service computes them on a write.
 */
export function searchTextPartsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['name_length', 'desc_length']) await sql.raw(`ALTER TABLE product_texts ADD COLUMN ${column} integer NOT NULL DEFAULT 0`).execute(db);
      for (let after = ''; ; ) {
        const { rows } = await sql<StoredTexts>`SELECT p.id, p.product_name, p.location, t.product_desc, t.search_text
          FROM products p JOIN product_texts t ON t.product_id = p.id WHERE p.id > ${after} ORDER BY p.id LIMIT ${BATCH}`.execute(db);
        const last = rows.at(-1);
        if (!last) break;
        const parts = rows.map((row) => ({ id: row.id, previous: row.search_text, ...searchTextsOf(row.product_name, row.product_desc ?? '', row.location ?? '') }));
        await (dialect === 'postgres' ? writeBatch(db, parts) : writeEach(db, parts));
        after = last.id;
      }
      // SQLite queues the index's changes of any text rewritten (see 002); applied before the first search.
      if (dialect === 'sqlite') for (const statement of FLUSH_SEARCH_INDEX) await sql.raw(statement).execute(db);
    },
  };
}

/** A text stored folded by an older folding is written again, as a write would now store it. */
async function rewriteChanged(db: Kysely<unknown>, parts: Parts[]): Promise<void> {
  for (const { id, previous, search_text } of parts) {
    if (search_text !== previous) await sql`UPDATE product_texts SET search_text = ${search_text} WHERE product_id = ${id}`.execute(db);
  }
}

async function writeEach(db: Kysely<unknown>, parts: Parts[]): Promise<void> {
  for (const { id, name_length, desc_length } of parts) {
    await sql`UPDATE product_texts SET name_length = ${name_length}, desc_length = ${desc_length} WHERE product_id = ${id}`.execute(db);
  }
  await rewriteChanged(db, parts);
}

/** PostgreSQL: a statement per batch rather than a round trip per product. */
async function writeBatch(db: Kysely<unknown>, parts: Parts[]): Promise<void> {
  const values = sql.join(parts.map(({ id, name_length, desc_length }) => sql`(${id}, ${name_length}::integer, ${desc_length}::integer)`));
  await sql`UPDATE product_texts AS t SET name_length = v.n, desc_length = v.d FROM (VALUES ${values}) AS v (id, n, d) WHERE t.product_id = v.id`.execute(db);
  await rewriteChanged(db, parts);
}
