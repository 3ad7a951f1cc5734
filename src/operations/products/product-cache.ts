import type { ProductDoc } from '../../domain/product-schema.js';
import type { ColumnValues } from '../../domain/where/matches.js';
import type { Depth } from '../../domain/list-query.js';
import type { ProductReadRow } from '../../storage/products-repository.js';
import type { ChangeFeed } from '../../storage/change-feed.js';
import { ReadCache } from '../read-cache.js';
import { toRecord } from './persist-product.js';

/** A product ready to serve: its columns (to check access against) and its bodies by depth. */
export interface ProductEntry {
  row: ProductReadRow;
  columns: ColumnValues;
  bodies: Partial<Record<Depth, { body: string; etag: string }>>;
}

export function productEntry(row: ProductReadRow): ProductEntry {
  const record = toRecord(JSON.parse(row.doc) as ProductDoc);
  const { doc: _doc, ...columns } = record.row;
  return { row, columns: { ...columns, ...record.texts }, bodies: {} };
}

export const entrySize = (entry: ProductEntry): number =>
  entry.row.doc.length * 2 + Object.values(entry.bodies).reduce((sum, body) => sum + (body?.body.length ?? 0), 0) + 2048;

/** Response caches of the products read path; see ReadCache for when they empty. */
export interface ProductCaches {
  products: ReadCache<ProductEntry>;
  lists: ReadCache<string>;
}

export function createProductCaches(feed: ChangeFeed): ProductCaches {
  return {
    products: new ReadCache<ProductEntry>(feed, 48 * 1024 * 1024),
    lists: new ReadCache<string>(feed, 32 * 1024 * 1024),
  };
}
