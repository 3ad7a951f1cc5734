import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * The token of each account's private calendar feed (GET /api/rents/:id/calendar.ics), kept
 * as its SHA-256 only: one per account, replaced whole when a new one is issued, gone with the
 * account.
 */
export function calendarTokensMigration(dialect: Dialect): Migration {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `CREATE TABLE calendar_tokens (
            rent_id text PRIMARY KEY REFERENCES rents (id) ON DELETE CASCADE,
            token_hash text NOT NULL,
            issued_at ${bigint} NOT NULL
          )`,
        )
        .execute(db);
    },
  };
}
