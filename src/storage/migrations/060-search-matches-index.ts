import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * SQLite: the products of the search index's matches (rowids of product_texts) from an index
 * of (seq, product_id) alone. Read from the table, each match cost a read of its row (~2 KB of
 * description and search text): 0.45 s for the 83,000 matches of a word at 1,000,000 products,
 * against 0.1 s from the index. PostgreSQL matches on product_texts' own trigram index.
 */
export function searchMatchesIndexMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql.raw(`CREATE INDEX IF NOT EXISTS product_texts_seq_product ON product_texts (seq, product_id)`).execute(db);
    },
  };
}
