import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import { foldFunctionStatements } from '../fold-functions.js';

const TABLES = ['rents', 'sessions', 'password_resets', 'products', 'product_texts', 'reservations', 'rent_media', 'product_media'];

/**
 * PostgreSQL: every text column compares and sorts by code point (`COLLATE "C"`), whatever the
 * database's default collation. SQLite compares text that way, and so does the in-memory
 * evaluation of access filters (domain/where/matches.ts) that decides single reads and
 * writes; on a database created with a language's collation (en_US, as many images make
 * them) `greater_than` on a name and `sort` put `apple` and `Banana` the other way round
 * there, so a product could be in a list and yet a 404 on its own, and the two databases
 * sorted differently. Indexes on these columns are rebuilt with them.
 *
 * `rc_fold` and `rc_lower` now take the column's collation ("C"), under which `lower()` knows
 * ASCII letters only; they lower-case under the database's default instead, as they did.
 */
export function byteOrderTextMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const columns = await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type = 'text' AND table_name IN (${sql.join(TABLES)})
        ORDER BY table_name, ordinal_position`.execute(db);
      const byTable = new Map<string, string[]>();
      for (const { table_name: table, column_name: column } of columns.rows) byTable.set(table, [...(byTable.get(table) ?? []), column]);
      for (const [table, names] of byTable) {
        await sql.raw(`ALTER TABLE ${table} ${names.map((name) => `ALTER COLUMN ${name} TYPE text COLLATE "C"`).join(', ')}`).execute(db);
      }
      for (const statement of foldFunctionStatements()) await sql.raw(statement).execute(db);
    },
  };
}
