import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * When each pending password reset was issued, so that forgot-password issues at most one per
 * account per `auth.forgotPasswordInterval` (a reset requested over and over would otherwise
 * send a mail each time, to an address anyone may type in). Resets issued before it have none
 * and do not hold up the next.
 */
export function resetIssuedAtMigration(dialect: Dialect): Migration {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await sql.raw(`ALTER TABLE password_resets ADD COLUMN issued_at ${bigint}`).execute(db);
    },
  };
}
