import type { Depth, ListQuery } from '../../domain/list-query.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import type { Grant } from '../../operations/access.js';
import type { CommittedChange } from '../../storage/change-feed.js';
import type { MediaImage } from '../../storage/media-repository.js';
import type { ProductReadRow, ProductRecord } from '../../storage/products-repository.js';
import { BodyFile } from '../body-file.js';
import { composePage } from './compose-page.js';
import type { IdList } from './id-lists.js';
import { keepWritten } from './kept-entry.js';
import { availablePage, boundedRun, countOf, matchingIds, pageIds } from './listed-ids.js';
import { changeCaches, createProductCaches, type ProductCaches } from './product-cache.js';
import { filterFor } from './product-filter.js';
import { readProduct, type Representation } from './read-product.js';
import type { ReadServices } from './read-services.js';
import { galleryImages, renderProducts, renderWritten, type RenderedProduct } from './render.js';
import { BodyWarmer } from './warm-bodies.js';
import { rentalFacts } from './rental-facts.js';
import type { RentalFacts } from '../../domain/rental/facts.js';

export type { Representation };

/** Pages that start this close to the top are read with LIMIT/OFFSET rather than from a whole id list. */
const SHALLOW_OFFSET = 200;

export interface ProductReadModelOptions extends Omit<ReadServices, 'caches'> {
  /** Memory for the caches (CACHE_MB); unset, their default share of 106 MB. */
  cacheBytes?: number;
  /** Where rendered bodies are kept; in memory when unset. */
  bodies?: BodyFile;
}

/**
 * Product reads as response bytes, fast: it owns the caches, the body file, rendering and
 * splicing, id and ranked lists, page composition, warming, the in-memory access check and
 * the generation protocol (a read that started before a change it could have missed is not
 * kept). Operations give it the reader's grant and take bytes; they hold no cache code. It
 * hears of writes only through `onCommitted`, which the change feed calls after each commit
 * (this instance's and, on PostgreSQL, the others'). Not for afterRead hooks, whose output
 * depends on the caller: operations render through `render` and pass the result to them.
 */
export class ProductReadModel {
  private readonly services: ReadServices;

  constructor({ cacheBytes, bodies, ...services }: ProductReadModelOptions) {
    this.services = { ...services, caches: createProductCaches(cacheBytes, bodies, services.storage.reservationBlocks) };
  }

  /** The caches and the body file, for tests and diagnostics. */
  get caches(): ProductCaches {
    return this.services.caches;
  }

  /** A product's bytes and ETag at a depth as a reader with `grant` sees it, without a wait when it is held; undefined when missing or hidden. */
  product(id: string, depth: Depth, grant: Grant): Representation | Promise<Representation | undefined> | undefined {
    return readProduct(this.services, id, depth, grant);
  }

  /**
   * A paginated list page's bytes, composed in a lent buffer (see sendComposed); undefined
   * when the query is better counted and paged in SQL by the caller (reserved-between filters,
   * id lists too long to keep).
   */
  async page(query: ListQuery, grant: Grant): Promise<Buffer | undefined> {
    const { services } = this;
    // A reserved-between filter (the dashboard's week) is rare and changes with every reservation: counted and paged in SQL.
    if (query.reserved) return undefined;
    const offset = (query.page - 1) * query.limit;
    const pageOf = (list: IdList) => composePage(services, list.slice(offset, offset + query.limit), query, list.length);
    const bounded = await boundedRun(services, grant, query);
    if (bounded) return pageOf(bounded);
    const shallowAvailable = offset < SHALLOW_OFFSET ? await availablePage(services, grant, query, offset) : undefined;
    if (shallowAvailable) return composePage(services, shallowAvailable.ids, query, shallowAvailable.total);
    if (offset < SHALLOW_OFFSET && query.searchWords.length > 0 && !query.available) {
      // A search's matches cost one full-text match whether counted or paged: listed once,
      // they give the count and every page, where a count and a page would match twice.
      const ids = await matchingIds(services, grant, query);
      if (ids) return pageOf(ids);
    }
    if (offset < SHALLOW_OFFSET && !query.available) {
      // The first pages of a filter (the common case, and every new filter) need only the count
      // and one page of ids, both from the indexes.
      const totalDocs = await countOf(services, grant, query);
      const ids = offset < totalDocs ? await pageIds(services, grant, query, offset) : [];
      return composePage(services, ids, query, totalDocs);
    }
    const ids = await matchingIds(services, grant, query);
    return ids ? pageOf(ids) : undefined;
  }

  /** How many products a list query matches for a reader with `grant`. */
  async count(query: ListQuery, grant: Grant): Promise<number> {
    const { services } = this;
    if (query.reserved) return services.storage.products.count(filterFor(grant, query));
    return query.available ? ((await matchingIds(services, grant, { ...query, sort: [] }))?.length ?? (await countOf(services, grant, query))) : await countOf(services, grant, query);
  }

  /** What the quote and the availability calendar read of a product, parsed, if a reader with `grant` may read it (undefined: missing or hidden). */
  rentalFacts(id: string, grant: Grant): Promise<RentalFacts | undefined> {
    return rentalFacts(this.services, id, grant);
  }

  /** A committed change (fed by the change feed): the caches that follow its topic forget what it may have changed. */
  onCommitted(change: CommittedChange): void {
    changeCaches(this.services.caches, change);
  }

  /** After a write has committed: its product's body at depth 1 (and, given the document written, its rental facts), kept as its first reads would keep them (see keepWritten). */
  keepWritten(record: ProductRecord, version: number, doc?: ProductDoc): Promise<Buffer | undefined> {
    return keepWritten(this.services, record, version, doc);
  }

  /** Stored rows as response documents (the general path, whose documents afterRead hooks may change). */
  render(rows: ProductReadRow[], depth: Depth): Promise<RenderedProduct[]> {
    return renderProducts(this.services, rows, depth);
  }

  /** A document this process has just stored, rendered as reading it back would render it. */
  renderWritten(doc: ProductDoc, depth: Depth): Promise<RenderedProduct> {
    return renderWritten(this.services, doc, depth);
  }

  /** Gallery images by id (those that exist), from the cache where it has them. */
  galleryImages(ids: string[]): Promise<Map<string, MediaImage>> {
    return galleryImages(this.services, ids);
  }

  /** Reads one more run of the availability index's blocks ahead of its first filter (see AvailabilityIndex.readAhead): whether more is left. */
  readAhead(): Promise<boolean> {
    return this.services.caches.availability?.readAhead() ?? Promise.resolve(false);
  }

  /** Renders product bodies ahead of their first read while `idle` says nothing else runs (see BodyWarmer). */
  warmer(idle: () => boolean): BodyWarmer {
    return new BodyWarmer(this.services, idle);
  }
}
