import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import { sortIndexStatement } from './sort-index.js';

/**
 * Indexes for the sorts that had none led by `published`, which every anonymous list is
 * filtered on. Figures at 100,000 products, half of them published, on SQLite:
 *
 * - The name index carries `published`: a list by name walks it (once the planner knows
 *   `published` is not selective, see planner-statistics.ts), and without the column each
 *   entry cost a read of its row: every published product by name took 441 ms, covered 41 ms.
 * - `products_published_sorts` covers three more sortable columns: a first page by
 *   `updatedAt`, `additional.caution` or `internal_name` sorted 50,000 rows read from the
 *   table, 310–340 ms; from this index 0.1–8 ms (`updatedAt` and `id` are in its order, the
 *   others are sorted from it without reading a row). Both databases plan with it (PostgreSQL:
 *   `additional.caution` 28 ms, an index-only scan).
 */
export function sortIndexesMigration(dialect: Dialect): Migration {
  const index = (name: string, columns: string[]) => sortIndexStatement(dialect, name, 'products', columns);
  return {
    async up(db: Kysely<unknown>) {
      await sql.raw('DROP INDEX products_name').execute(db);
      await sql.raw(index('products_name', ['product_name', 'id', 'published'])).execute(db);
      await sql.raw(index('products_published_sorts', ['published', 'updated_at', 'id', 'caution', 'internal_name'])).execute(db);
    },
  };
}
