import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import { sortIndexStatement } from './sort-index.js';

/**
 * Two price indexes instead of four. Each list by price had one index led by `published` for
 * anonymous readers and one without it for the rest, so a change of price moved an entry in
 * four indexes, each on its own page: at 100,000 products the four made a price update cost
 * ~30 % more (1,108–1,226 against 1,458–1,605 updates a second without them, alternating on
 * the same catalogue). `published` now follows the order's columns instead, as it does in the
 * name index (migration 010): an anonymous list walks the same index in price order and skips
 * the unpublished entries without reading their rows, which with half the products published
 * costs two index entries a listed product instead of one.
 */
export function priceIndexesCarryPublishedMigration(dialect: Dialect): Migration {
  const index = (name: string, columns: string[]) => sortIndexStatement(dialect, name, 'products', columns);
  return {
    async up(db: Kysely<unknown>) {
      for (const name of ['products_published_price', 'products_published_location_price', 'products_price', 'products_location_price']) {
        await sql.raw(`DROP INDEX ${name}`).execute(db);
      }
      await sql.raw(index('products_price', ['price', 'id', 'published'])).execute(db);
      await sql.raw(index('products_location_price', ['location', 'price', 'id', 'published'])).execute(db);
    },
  };
}
