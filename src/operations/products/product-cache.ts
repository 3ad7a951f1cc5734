import type { ProductDoc } from '../../domain/product-schema.js';
import type { ColumnValues } from '../../domain/where/matches.js';
import type { Depth } from '../../domain/list-query.js';
import type { ProductDocRow, ProductReadRow } from '../../storage/products-repository.js';
import type { ChangeFeed } from '../../storage/change-feed.js';
import { ReadCache } from '../read-cache.js';
import type { MediaImage } from '../../storage/media-repository.js';
import { toRecord } from './persist-product.js';

/** A product ready to serve: its columns (to check access against) and its bodies by depth. */
export interface ProductEntry {
  /** The stored row, kept only until the bodies are rendered (a later depth reads it again). */
  row?: ProductDocRow;
  /** Absent when a list page made the entry (lists read only the documents). */
  columns?: ColumnValues;
  /** UTF-8 bytes, ready to send: no conversion per request, and off the JavaScript heap. */
  bodies: Partial<Record<Depth, Buffer>>;
  /** ETags are computed when a single product is read, not for list pages. */
  etags: Partial<Record<Depth, string>>;
}

export function columnsOf(row: ProductReadRow): ColumnValues {
  const { doc: _doc, owner_name: _name, owner_profile: _profile, ...columns } = row;
  return columns;
}

export const productEntry = (row: ProductReadRow): ProductEntry => ({ row, columns: columnsOf(row), bodies: {}, etags: {} });

/** An entry of a list page: the document without the columns. */
export const documentEntry = (row: ProductDocRow): ProductEntry => ({ row, bodies: {}, etags: {} });

/** Side-table columns are not in the read row; a filter on them (rare) looks at the document. */
export function withSideColumns(columns: ColumnValues, row: ProductDocRow): ColumnValues {
  const record = toRecord(JSON.parse(row.doc) as ProductDoc);
  return { ...columns, ...record.texts };
}

export const entrySize = (entry: ProductEntry): number =>
  (entry.row ? (entry.row.doc.length + (entry.row.owner_profile?.length ?? 0)) * 2 : 0) +
  Object.values(entry.bodies).reduce((sum, body) => sum + (body?.length ?? 0), 0) +
  1024;

/** Response caches of the products read path; see ReadCache for when they empty. */
export interface ProductCaches {
  products: ReadCache<ProductEntry>;
  /** Ordered ids of the products a query matches. */
  ids: ReadCache<{ readonly length: number; slice(start: number, end: number): string[] }>;
  /** Ids of shallow pages. */
  pages: ReadCache<string[]>;
  /** Counts of filters whose id lists are not cached. */
  counts: ReadCache<number>;
  /** Gallery images, which many products share. */
  images: ReadCache<MediaImage | null>;
}

const MB = 1024 * 1024;

/**
 * How the read caches share their budget (68 MB by default). Bodies get the most: a read the
 * cache misses costs ~100 µs more than one it holds.
 */
const SHARES = { products: 24, ids: 24, pages: 12, counts: 4, images: 4 } as const;
const TOTAL_SHARES = Object.values(SHARES).reduce((sum, share) => sum + share, 0);

/** Bodies show owners and gallery media; lists, pages and counts depend on product rows alone. */
export function createProductCaches(feed: ChangeFeed, budgetBytes: number = TOTAL_SHARES * MB): ProductCaches {
  const rows = feed.source('products');
  const bytes = (share: number) => Math.max(MB / 4, Math.floor((budgetBytes * share) / TOTAL_SHARES));
  return {
    products: new ReadCache<ProductEntry>(feed, bytes(SHARES.products)),
    ids: new ReadCache(rows, bytes(SHARES.ids)),
    // A filter's key is a few hundred bytes: at the default size these hold several thousand distinct filters.
    pages: new ReadCache<string[]>(rows, bytes(SHARES.pages)),
    counts: new ReadCache<number>(rows, bytes(SHARES.counts)),
    images: new ReadCache<MediaImage | null>(feed.source('media'), bytes(SHARES.images)),
  };
}
