import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Imported calendars (SPEC section 10): a product's subscription to another channel's feed,
 * what its last fetch left (conditional GET validators, status, error) and the blocks the feed
 * last gave, which the product's reservations hold too. Gone with the product.
 */
export function calendarsMigration(dialect: Dialect): Migration {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of [
        `CREATE TABLE calendars (
          id text PRIMARY KEY,
          product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
          url text NOT NULL,
          name text,
          last_synced_at text,
          last_status text,
          last_error text,
          etag text,
          last_modified text,
          blocks text NOT NULL DEFAULT '[]',
          next_sync_at ${bigint} NOT NULL,
          created_at text NOT NULL,
          updated_at text NOT NULL
        )`,
        `CREATE INDEX calendars_product ON calendars (product_id, created_at)`,
        `CREATE INDEX calendars_next_sync ON calendars (next_sync_at)`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
