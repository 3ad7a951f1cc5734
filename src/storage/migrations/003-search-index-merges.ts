import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * SQLite: the FTS5 index merges its segments 16 at a time instead of 4 (its `automerge`
 * setting, kept in the index's own configuration). Every committed batch of writes adds a
 * segment (see FLUSH_SEARCH_INDEX); merging fewer times rewrites each entry on fewer levels.
 * Measured in the harness, 8 s of authenticated creates, alternating: on copies of a database
 * seeded before this setting, +12 % (2,523 → 2,824 a second over three pairs) and p99 29–30 →
 * 15–18 ms; on databases seeded with it, as the bench seeds them, throughput within the noise
 * (2,090 against 2,144 a second with the setting left at 4, and 1,678 against 1,794 for the
 * code before, three pairs each) and p99 lower in most pairs (17–26 against 25–67 ms). A word
 * searched after 30,000 more creates took the same time (1.83 against 1.84 ms). Results are
 * the same: only when segments merge changes. PostgreSQL's trigram index is not affected.
 */
export function searchIndexMergesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql`INSERT INTO products_fts (products_fts, rank) VALUES ('automerge', 16)`.execute(db);
    },
  };
}
