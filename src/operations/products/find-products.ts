import type { ListQuery } from '../../domain/list-query.js';
import { filteredSource, listPage, paginate } from '../list-page.js';
import type { ProductFilter, ProductReadRow } from '../../storage/products-repository.js';
import type { Caller, Services } from '../context.js';
import { readableBy, type Grant } from '../access.js';
import type { WhereNode } from '../../domain/where/types.js';
import { bodyAt, type ProductEntry } from '../../read-model/products/product-cache.js';
import { productGrant } from './product-access.js';
import { applyAfterRead, hasAfterRead } from './read-hooks.js';
import { galleryImages, renderProducts } from '../../read-model/products/render.js';
import { renderBodies } from '../../read-model/products/render-bodies.js';
import { exceptPositions, withoutReserved, type IdList } from '../../read-model/products/id-lists.js';
import { RankedList, splitRange } from '../../read-model/products/range-lists.js';
import { compose, type CopyPart } from '../output-buffer.js';
import { BodyFile, type KeptBody } from '../../read-model/body-file.js';

/** Above this many matches a list is paged in SQL rather than through a cached id list. */
const MAX_CACHED_IDS = 250_000;

function filterFor(grant: Grant, query: Omit<ListQuery, 'sort' | 'limit' | 'page' | 'depth'>): ProductFilter {
  return { ...readableBy(grant, query.where), searchWords: query.searchWords, available: query.available, ...(query.reserved ? { reserved: query.reserved } : {}) };
}

const canonical = (value: unknown): string => JSON.stringify(value, (key, inner: unknown) => (key === 'field' ? (inner as { path: string }).path : inner));

/** The canonical text of each parsed `where`: one list request builds up to three keys from it. */
const whereTexts = new WeakMap<WhereNode, string>();

function whereText(where: WhereNode | undefined): string {
  if (!where) return '';
  let text = whereTexts.get(where);
  if (text === undefined) {
    text = canonical(where);
    whereTexts.set(where, text);
  }
  return text;
}

/** A canonical text of a parsed query (fields by path), for cache keys. */
const queryKey = (kind: string, grant: Grant, { where, ...rest }: { where?: WhereNode } & Record<string, unknown>): string =>
  `${kind}|${grant.key}|${whereText(where)}|${canonical(rest)}`;

/**
 * The ordered ids of every product a query matches, cached until the next write: a page
 * is then a slice, the count its length, and a deep page costs what the first does.
 */
async function matchingIds(services: Services, grant: Grant, query: ListQuery): Promise<IdList | undefined> {
  const { where, searchWords, available, sort } = query;
  const key = queryKey('ids', grant, { where, searchWords, available, sort });
  return services.caches.ids.getOrLoad(key, async () => {
    if (available) {
      // The same list less the products blocked in that interval: every interval shares the
      // one cached list and keeps only the positions that remain.
      const base = await matchingIds(services, grant, { ...query, available: undefined });
      if (!base) return undefined;
      const blocked = await services.caches.availability?.blockedPositions(base, available);
      const ids = blocked ? exceptPositions(base, blocked) : withoutReserved(base, await services.storage.products.blockedIds(available));
      return { value: ids, size: ids.removedCount * 4 + key.length * 2 + 64 };
    }
    const ids = await services.storage.products.listIds(filterFor(grant, query), sort, MAX_CACHED_IDS);
    return ids && { value: ids, size: ids.length * 56 + key.length * 2 };
  });
}

/** Distinct bounded lists of one base answered in SQL (since the last write) before the base is listed whole. */
const BOUNDED_QUERIES_BEFORE_LISTING = 3;

/**
 * The matches of a query bounded on the number it is sorted by, as a run of the cached
 * list without those bounds (see splitRange). That list is built only once several bounds
 * of it were asked for since the last write: one query, or a write after every few, is
 * cheaper counted and paged in SQL.
 */
async function boundedRun(services: Services, grant: Grant, query: ListQuery): Promise<IdList | undefined> {
  const split = query.available ? undefined : splitRange(query.where, query.sort);
  if (!split) return undefined;
  const key = queryKey('ranked', grant, { where: split.rest, searchWords: query.searchWords, sort: query.sort });
  const { ids: lists, counts } = services.caches;
  const hit = lists.get(key);
  if (hit instanceof RankedList) return hit.within(split.bounds);
  const asked = (counts.get(key) ?? 0) + 1;
  counts.set(key, asked, key.length * 2 + 64, counts.generation);
  if (asked < BOUNDED_QUERIES_BEFORE_LISTING) return undefined;
  const ranked = await lists.getOrLoad(key, async () => {
    const listed = await services.storage.products.rankedIds(filterFor(grant, { ...query, where: split.rest }), split.field, query.sort, MAX_CACHED_IDS);
    if (!listed) return undefined;
    const list = new RankedList(listed.ids, listed.values, query.sort[0]?.descending ?? false);
    return { value: list, size: list.bytes + key.length * 2 };
  });
  return ranked instanceof RankedList ? ranked.within(split.bounds) : undefined;
}

const COMMA = Buffer.from(',');
const copyFrom = (file: BodyFile): CopyPart<KeptBody> => (part, target, at) => file.copy(part, target, at);
const DOCS_OPEN = Buffer.from('{"docs":[');

/**
 * A list page's bytes: the envelope around the bodies of `ids` (those that exist). Its docs
 * array is kept (`pageDocs`) until a write changes what it shows, so the same products again
 * cost one copy instead of one per product (the 20 bodies of a page come from as many places
 * in the body file). Filters bounded on the sorted field share it: every price bound above
 * the twentieth-cheapest gives the same first page.
 */
async function composePage(services: Services, ids: string[], query: ListQuery, totalDocs: number): Promise<Buffer> {
  const { pageDocs, bodies: file } = services.caches;
  const { docs: _docs, ...rest } = paginate([], totalDocs, query.limit, query.page);
  const close = Buffer.from(`],${JSON.stringify(rest).slice(1)}`);
  // The same products in the same order make the same docs: pages of several filters may share them.
  const key = `${query.depth}|${ids.join(',')}`;
  const kept = ids.length > 0 ? pageDocs.get(key) : undefined;
  const again = kept && compose([DOCS_OPEN, kept, close], copyFrom(file));
  if (again) return again;
  const readAt = pageDocs.generation;
  const page = await composeFromBodies(services, ids, query.depth, close);
  if (ids.length > 0) {
    const docs = file.keep(Buffer.from(page.subarray(DOCS_OPEN.length, page.length - close.length)));
    pageDocs.set(key, docs, BodyFile.memoryOf(docs) + key.length + 128, readAt);
  }
  return page;
}

/**
 * A page composed body by body, from the product cache where it holds them, the rest read in
 * one query and rendered. Those are not kept one by one: the page's docs keep them. Written
 * into the body file each again, deep pages wrote twice their bytes, and in a steady run the
 * file went round over pages still in use (~7 % of pages were composed again). Single reads
 * keep the bodies they render. The page is composed with no wait after the last read, so the
 * bodies found held in the body file are still there, unless one was written over while this
 * request waited: then it is rendered too, and held by this request, until every body is at hand.
 */
async function composeFromBodies(services: Services, ids: string[], depth: ListQuery['depth'], close: Buffer): Promise<Buffer> {
  const { products: cache, bodies: file } = services.caches;
  const rendered = new Map<string, Buffer>();
  for (;;) {
    const entries = new Map<string, ProductEntry>();
    for (const id of ids) {
      const hit = cache.get(id);
      if (hit) entries.set(id, hit);
    }
    const held = (id: string) => {
      const entry = entries.get(id);
      const body = entry && bodyAt(entry, depth);
      return rendered.has(id) || (body !== undefined && file.holds(body));
    };
    const unread = ids.filter((id) => !held(id) && !entries.get(id)?.row);
    const rows = new Map((await services.storage.products.getDocs(unread)).map((row) => [row.id, row]));
    const unrendered = ids.flatMap((id) => {
      const row = held(id) ? undefined : (rows.get(id) ?? entries.get(id)?.row);
      return row ? [row] : [];
    });
    if (unrendered.length > 0) {
      const bodies = await renderBodies(unrendered, depth, (imageIds) => galleryImages(services, imageIds));
      // Kept as part of the page's docs only (see composePage), not each again in the body file.
      unrendered.forEach((row, index) => rendered.set(row.id, bodies[index] as Buffer));
    }
    const parts: KeptBody[] = [DOCS_OPEN];
    for (const id of ids) {
      const entry = entries.get(id);
      const body = rendered.get(id) ?? (entry && bodyAt(entry, depth));
      if (body === undefined) continue;
      if (parts.length > 1) parts.push(COMMA);
      parts.push(body);
    }
    parts.push(close);
    const page = compose(parts, copyFrom(file));
    if (page) return page;
  }
}

/** The general path: SQL count and page, afterRead hooks applied per document. */
async function pagedInSql(services: Services, caller: Caller, grant: Grant, query: ListQuery): Promise<string> {
  const filter = filterFor(grant, query);
  const { products } = services.storage;
  const offset = (query.page - 1) * query.limit;
  const totalDocs = await products.count(filter);
  const rows: ProductReadRow[] = offset < totalDocs ? await products.list(filter, query.sort, query.limit, offset) : [];
  const docs = await applyAfterRead(services, caller, await renderProducts(services, rows, query.depth));
  return JSON.stringify(paginate(docs, totalDocs, query.limit, query.page));
}

/**
 * `pagination=false`: every match in one page (or `limit` of them from `page`), read and
 * rendered as the general path does; not kept, as such lists are rare and each is large.
 */
async function listedWhole(services: Services, caller: Caller, grant: Grant, query: ListQuery): Promise<string> {
  const source = filteredSource(services.storage.products, filterFor(grant, query), query.sort);
  const docsOf = async (rows: ProductReadRow[]) => applyAfterRead(services, caller, await renderProducts(services, rows, query.depth));
  return JSON.stringify(await listPage(query, source, docsOf, 'products'));
}

/** Pages that start this close to the top are read with LIMIT/OFFSET rather than from a whole id list. */
const SHALLOW_OFFSET = 200;

/** The count of a filter: from its cached id list if there is one, else counted (and kept). */
async function countOf(services: Services, grant: Grant, query: ListQuery): Promise<number> {
  const { where, searchWords, available, sort } = query;
  const listed = services.caches.ids.get(queryKey('ids', grant, { where, searchWords, available, sort }));
  if (listed) return listed.length;
  const key = queryKey('count', grant, { where, searchWords, available });
  const total = await services.caches.counts.getOrLoad(key, async () => ({ value: await services.storage.products.count(filterFor(grant, query)), size: key.length * 2 + 64 }));
  return total ?? 0;
}

/** The ids of one shallow page, kept until the next write (a full-text filter costs more than a page read). */
async function pageIds(services: Services, grant: Grant, query: ListQuery, offset: number): Promise<string[]> {
  const { where, searchWords, sort, limit } = query;
  const key = queryKey('page', grant, { where, searchWords, sort, limit, offset });
  const ids = await services.caches.pages.getOrLoad(key, async () => {
    const page = await services.storage.products.pageIds(filterFor(grant, query), sort, limit, offset);
    return { value: page, size: page.length * 56 + key.length * 2 };
  });
  return ids ?? [];
}

/** GET /api/products: the envelope as response text, or composed in a borrowed buffer (see sendComposed). */
export async function findProducts(services: Services, caller: Caller, query: ListQuery): Promise<string | Buffer> {
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
  if (!query.pagination) return listedWhole(services, caller, grant, query);
  // A reserved-between filter (the dashboard's week) is rare and changes with every reservation: counted and paged in SQL.
  if (hasAfterRead(services) || query.reserved) return pagedInSql(services, caller, grant, query);
  const offset = (query.page - 1) * query.limit;
  const pageOf = (list: IdList) => composePage(services, list.slice(offset, offset + query.limit), query, list.length);
  const bounded = await boundedRun(services, grant, query);
  if (bounded) return pageOf(bounded);
  if (offset < SHALLOW_OFFSET && !query.available) {
    // The first pages of a filter (the common case, and every new filter) need only the count
    // and one page of ids, both from the indexes.
    const totalDocs = await countOf(services, grant, query);
    const ids = offset < totalDocs ? await pageIds(services, grant, query, offset) : [];
    return composePage(services, ids, query, totalDocs);
  }
  const ids = await matchingIds(services, grant, query);
  return ids ? pageOf(ids) : pagedInSql(services, caller, grant, query);
}

/** GET /api/products/count: `{totalDocs}` as response bytes. */
export async function countProducts(services: Services, caller: Caller, query: ListQuery): Promise<string> {
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
  if (query.reserved) return JSON.stringify({ totalDocs: await services.storage.products.count(filterFor(grant, query)) });
  const totalDocs = query.available ? ((await matchingIds(services, grant, { ...query, sort: [] }))?.length ?? (await countOf(services, grant, query))) : await countOf(services, grant, query);
  return JSON.stringify({ totalDocs });
}
