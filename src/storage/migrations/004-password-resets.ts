import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Pending password resets: at most one per account, kept as the SHA-256 of the token (the
 * token itself is only ever handed to the delivery hook), gone with the account.
 */
export function passwordResetsMigration(dialect: Dialect): Migration {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `CREATE TABLE password_resets (
            rent_id text PRIMARY KEY REFERENCES rents (id) ON DELETE CASCADE,
            token_hash text NOT NULL UNIQUE,
            expires_at ${bigint} NOT NULL
          )`,
        )
        .execute(db);
    },
  };
}
