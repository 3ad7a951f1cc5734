import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * SQLite: the FTS5 index merges a level all at once (a "crisis merge") only when it holds 64
 * segments, not 16. With `automerge` at 16 (migration 003) and `crisismerge` at its default
 * of 16, a level reached both bounds together, so instead of being merged a little after each
 * batch it was merged whole inside one batch's COMMIT, on the event loop: 170–200 ms stalls
 * during steady creates at 20,000 products, up to ~1 s on bigger levels. At 64 the merge runs
 * in small steps after each batch (at most ~40 ms) and no level reaches the bound. Results are
 * the same; only when segments merge changes. PostgreSQL's trigram index is not affected.
 */
export function searchIndexCrisisMergesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql`INSERT INTO products_fts (products_fts, rank) VALUES ('crisismerge', 64)`.execute(db);
    },
  };
}
