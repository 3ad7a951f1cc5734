import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * SQLite: changes to the searched texts are queued in `products_fts_pending` (an ordinary
 * table, so a write's savepoint takes its entries back with it) and applied to the FTS5
 * index once per committed batch (see FLUSH_SEARCH_INDEX), instead of by triggers on every
 * write: FTS5 writes a new index segment at every savepoint, and merges them later.
 * PostgreSQL's trigram index is maintained by the database itself; nothing changes there.
 */
export function batchedSearchIndexMigration(dialect: Dialect): Migration {
  const statements = dialect === 'postgres'
    ? []
    : [
        `DROP TRIGGER products_fts_insert`,
        `DROP TRIGGER products_fts_delete`,
        `DROP TRIGGER products_fts_update`,
        `CREATE TABLE products_fts_pending (
          id integer PRIMARY KEY,
          op text NOT NULL CHECK (op IN ('insert', 'delete')),
          seq integer NOT NULL,
          search_text text NOT NULL
        )`,
        `CREATE TRIGGER products_fts_insert AFTER INSERT ON product_texts BEGIN
           INSERT INTO products_fts_pending (op, seq, search_text) VALUES ('insert', new.seq, new.search_text);
         END`,
        `CREATE TRIGGER products_fts_delete AFTER DELETE ON product_texts BEGIN
           INSERT INTO products_fts_pending (op, seq, search_text) VALUES ('delete', old.seq, old.search_text);
         END`,
        `CREATE TRIGGER products_fts_update AFTER UPDATE OF search_text ON product_texts BEGIN
           INSERT INTO products_fts_pending (op, seq, search_text) VALUES ('delete', old.seq, old.search_text), ('insert', new.seq, new.search_text);
         END`,
      ];
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}

/** Applies the queued changes to the FTS5 index in their order, then empties the queue. */
export const FLUSH_SEARCH_INDEX = [
  `INSERT INTO products_fts (products_fts, rowid, search_text)
     SELECT CASE op WHEN 'delete' THEN 'delete' END, seq, search_text FROM products_fts_pending ORDER BY id`,
  `DELETE FROM products_fts_pending`,
];
