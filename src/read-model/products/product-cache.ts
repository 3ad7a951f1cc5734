import type { Depth } from '../../domain/list-query.js';
import type { WhereNode } from '../../domain/where/types.js';
import type { ProductDocRow, ProductReadRow } from '../../storage/products-repository.js';
import type { ChangeTopic, CommittedChange } from '../../storage/change-feed.js';
import { ReadCache } from '../read-cache.js';
import type { MediaImage } from '../../storage/media-repository.js';
import { rowMatches } from './product-filter.js';
import { Doorkeeper } from '../doorkeeper.js';
import { BodyFile, type KeptBody } from '../body-file.js';
import type { ReservationBlocks } from '../../storage/reservation-blocks.js';
import { AvailabilityIndex } from './availability-index.js';
import { factsSize, type RentalFacts } from '../../domain/rental/facts.js';
import { ProductNumbers } from './product-numbers.js';

/** A product ready to serve: its bodies by depth, and whether the last access filter checked lets it be read. */
export interface ProductEntry {
  /** The stored row, kept only until the bodies are rendered (a later depth reads it again). */
  row?: ProductDocRow;
  /**
   * The last filtered grant checked against the product (parsed filters are shared objects,
   * so anonymous readers all match one), and the answer: one of two objects per filter (see
   * checkedAgainst). Keeping this instead of the columns keeps an entry small enough that the
   * cache can hold every product's.
   */
  checked?: Checked;
  /**
   * At depth 0 and 1: UTF-8 bytes ready to send (in the body file, or in memory without one),
   * and the ETag, computed when a single product is read (not for list pages). Fields of the
   * entry, not pairs or objects keyed by depth: two arrays took ~100 bytes more an entry,
   * which at 100,000 products is part of what decides whether the cache holds them all.
   */
  body0?: KeptBody;
  body1?: KeptBody;
  etag0?: string;
  etag1?: string;
  /**
   * What the quote and the availability calendar read of the product, parsed from its row
   * (rental-facts.ts): kept with the entry rather than in a cache of its own, so that it
   * shares the entry's key, place in the cache and access check.
   */
  rental?: RentalFacts;
}

/** A filtered grant checked against a product, and the answer. */
export interface Checked {
  readonly where: WhereNode;
  readonly visible: boolean;
}

/** What an entry keeps at a depth. */
export const bodyAt = (entry: ProductEntry, depth: Depth): KeptBody | undefined => (depth === 0 ? entry.body0 : entry.body1);
export const etagAt = (entry: ProductEntry, depth: Depth): string | undefined => (depth === 0 ? entry.etag0 : entry.etag1);

export function keepBodyAt(entry: ProductEntry, depth: Depth, body: KeptBody): void {
  if (depth === 0) entry.body0 = body;
  else entry.body1 = body;
}

export function keepEtagAt(entry: ProductEntry, depth: Depth, etag: string): void {
  if (depth === 0) entry.etag0 = etag;
  else entry.etag1 = etag;
}

/** An entry made from the row of a single read or a list page. */
export const productEntry = (row: ProductDocRow | undefined): ProductEntry => ({ row, checked: undefined, body0: undefined, body1: undefined, etag0: undefined, etag1: undefined, rental: undefined });

/** The two answers for each filter, shared by every entry checked against it. */
const answers = new WeakMap<WhereNode, readonly [Checked, Checked]>();

/** A filtered grant checked against a stored product, as an entry keeps it. */
export function checkedAgainst(where: WhereNode, row: ProductReadRow): Checked {
  let pair = answers.get(where);
  if (!pair) {
    pair = [{ where, visible: false }, { where, visible: true }];
    answers.set(where, pair);
  }
  return pair[rowMatches(where, row) ? 1 : 0];
}

/**
 * What an entry takes on V8's heap beside its row, bodies and ETags, with its key and its
 * place in the cache; and an ETag. Measured in the service: 357 bytes a product read once at
 * depth 1 (40,000 first reads; 570 before entries had fields instead of pairs, shared their
 * checked grants, and kept flat ETags and keys), against 360 counted (240 + 72 + 48).
 */
const ENTRY_BYTES = 240;
const ETAG_BYTES = 48;

export const entrySize = (entry: ProductEntry): number =>
  (entry.row ? (entry.row.doc.length + (entry.row.owner_profile?.length ?? 0)) * 2 : 0) +
  (entry.body0 ? BodyFile.memoryOf(entry.body0) : 0) +
  (entry.body1 ? BodyFile.memoryOf(entry.body1) : 0) +
  (entry.etag0 ? ETAG_BYTES : 0) +
  (entry.etag1 ? ETAG_BYTES : 0) +
  (entry.rental ? factsSize(entry.rental) : 0) +
  ENTRY_BYTES;

/** Response caches of the products read path; see ReadCache and `followedTopics` for when they empty. */
export interface ProductCaches {
  products: ReadCache<ProductEntry>;
  /** Ordered ids of the products a query matches. */
  ids: ReadCache<{ readonly length: number; slice(start: number, end: number): string[] }>;
  /** Ids of shallow pages. */
  pages: ReadCache<string[]>;
  /** The `docs` arrays of list pages as they were sent, by depth and ids, kept like product bodies. */
  pageDocs: ReadCache<KeptBody>;
  /** Counts of filters whose id lists are not cached. */
  counts: ReadCache<number>;
  /** Gallery images, which many products share. */
  images: ReadCache<MediaImage | null>;
  /** Pages composed lately: a page of a list too large to keep whole is kept once seen twice (see composePage). */
  pageSightings: Doorkeeper;
  /** Where the rendered bodies of `products` are kept. */
  bodies: BodyFile;
  /** Which products are blocked in an interval, in memory (without it, lists ask the database). */
  availability?: AvailabilityIndex;
  /** The number of every product id met, by which id lists and the availability index hold them. */
  numbers: ProductNumbers;
}

const MB = 1024 * 1024;

/**
 * How the read caches share their budget (106 MB by default). Products get the most: a read
 * the cache misses costs ~100 µs more than one it holds. With the body file an entry takes
 * ~360 bytes, and a product's rental facts (quote and calendar; three reservations) ~240 more
 * (both measured on V8's heap): at ~600 bytes, 72 MB hold 100,000 products with the tenth
 * that warming leaves to requests (warm-bodies.ts), so a catalogue of 100,000 is held whole,
 * ready for its first reads, quotes and calendars, whether it was created through the API or
 * found at start-up (48 MB held ~84,000, and the rest were read and parsed again). The ids
 * lists give up what that takes: a published list of 100,000 ids is 400 KB, and the lists of
 * random intervals, the most numerous, are answered from the availability index anyway.
 */
const SHARES = { products: 72, ids: 14, pages: 6, pageDocs: 6, counts: 4, images: 4 } as const;
const TOTAL_SHARES = Object.values(SHARES).reduce((sum, share) => sum + share, 0);

/**
 * Bodies show owners and gallery media; lists, pages and counts depend on product rows alone.
 * A write of one product forgets that product's entry only: the rest stay warm. The docs
 * arrays of pages show several products, so any write of what they show forgets them all.
 * Sessions (signing in, refreshing, signing out) change none of them.
 */
const ROWS: readonly ChangeTopic[] = ['products'];
const SHOWN: readonly ChangeTopic[] = ['products', 'accounts', 'media'];
type CacheName = Exclude<keyof ProductCaches, 'bodies' | 'numbers' | 'pageSightings'>;
const followedTopics: { readonly [cache in CacheName]: readonly ChangeTopic[] } = {
  products: SHOWN,
  ids: ROWS,
  pages: ROWS,
  pageDocs: SHOWN,
  counts: ROWS,
  images: ['media'],
  availability: ROWS,
};
const followers = Object.entries(followedTopics) as [CacheName, readonly ChangeTopic[]][];

export function createProductCaches(budgetBytes: number = TOTAL_SHARES * MB, bodies: BodyFile = BodyFile.inMemory(), blocks?: ReservationBlocks): ProductCaches {
  const bytes = (share: number) => Math.max(MB / 4, Math.floor((budgetBytes * share) / TOTAL_SHARES));
  const numbers = new ProductNumbers();
  return {
    products: new ReadCache<ProductEntry>(bytes(SHARES.products), { byKey: true }),
    ids: new ReadCache(bytes(SHARES.ids)),
    // A filter's key is a few hundred bytes: at the default size these hold several thousand distinct filters.
    pages: new ReadCache<string[]>(bytes(SHARES.pages)),
    // With the body file an entry is its key and a slot (~1 KB for 20 ids); without it, the bytes themselves.
    pageDocs: new ReadCache<KeptBody>(bytes(SHARES.pageDocs)),
    counts: new ReadCache<number>(bytes(SHARES.counts)),
    images: new ReadCache<MediaImage | null>(bytes(SHARES.images)),
    pageSightings: new Doorkeeper(),
    bodies,
    ...(blocks ? { availability: new AvailabilityIndex(blocks, undefined, numbers) } : {}),
    numbers,
  };
}

/** Tells each cache that follows the change's topic: what a read started before it has read is not kept. */
export function changeCaches(caches: ProductCaches, { topic, key }: CommittedChange): void {
  for (const [name, topics] of followers) if (topics.includes(topic)) caches[name]?.changed(key);
}
