import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import { foldFunctionStatements } from '../fold-functions.js';
import { FLUSH_SEARCH_INDEX } from './002-batched-search-index.js';

/**
 * Folding covers Greek and Cyrillic as it covers Latin, and final sigma is σ (domain/fold.ts).
 * Before, PostgreSQL's `rc_fold` and `rc_lower` mapped only Latin letters and left the rest to
 * `lower()`, which keeps Greek and Cyrillic accents (`Αθήνα` was not `like` `αθηνα`, as it was
 * on SQLite), and under a plain "C" locale their capitals too; and JavaScript lower-cases a
 * word-final Σ to ς where PostgreSQL's `lower()` makes it σ. The functions are rebuilt, with
 * the common characters first (storage/fold-functions.ts). Stored search texts (folded by the
 * service when written) differ from the new folding only by ς, which becomes σ.
 */
export function greekCyrillicFoldingMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') for (const statement of foldFunctionStatements()) await sql.raw(statement).execute(db);
      await sql`UPDATE product_texts SET search_text = replace(search_text, 'ς', 'σ') WHERE search_text LIKE '%ς%'`.execute(db);
      // SQLite queues the index's changes (see 002); applied here, before the first search.
      if (dialect === 'sqlite') for (const statement of FLUSH_SEARCH_INDEX) await sql.raw(statement).execute(db);
    },
  };
}
