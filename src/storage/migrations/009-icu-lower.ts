import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import { ICU_LOWER_STATEMENT, ICU_ROOT } from '../fold-functions.js';

/**
 * PostgreSQL's `rc_lower` (`contains`) lower-cases through ICU's root locale where the server
 * has it (storage/fold-functions.ts), instead of `translate()` over LOWER_TABLE: a `contains`
 * on the descriptions of a large catalogue took longer than the statement deadline. A server
 * built without ICU, or a database not in UTF-8, keeps the table.
 */
export function icuLowerMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const icu = await sql`SELECT 1 FROM pg_collation
        WHERE collname = ${ICU_ROOT} AND collprovider = 'i' AND current_setting('server_encoding') = 'UTF8'`.execute(db);
      if (icu.rows.length > 0) await sql.raw(ICU_LOWER_STATEMENT).execute(db);
    },
  };
}
