import type { ListQuery } from '../../domain/list-query.js';
import type { Grant } from '../../operations/access.js';
import { ExceptIdList, NumberList, withoutReserved, type IdList } from './id-lists.js';
import { queryKey } from './list-keys.js';
import { filterFor } from './product-filter.js';
import { RankedList, splitRange } from './range-lists.js';
import type { ReadServices } from './read-services.js';

/**
 * Above this many matches a list is paged in SQL rather than through a cached id list. A list
 * holds its ids as numbers (4 bytes each, see ProductNumbers), so a list of every product of
 * a catalogue of a million takes 4 MB of the ids cache's share.
 */
const MAX_CACHED_IDS = 2_000_000;

/**
 * The ordered ids of every product a query matches, cached until the next write: a page
 * is then a slice, the count its length, and a deep page costs what the first does.
 */
export async function matchingIds(services: ReadServices, grant: Grant, query: ListQuery): Promise<IdList | undefined> {
  const { where, searchWords, available, sort } = query;
  const key = queryKey('ids', grant, { where, searchWords, available, sort });
  return services.caches.ids.getOrLoad(key, async () => {
    if (available) {
      // The same list less the products blocked in that interval: every interval shares the
      // one cached list and keeps only the positions that remain.
      const base = await matchingIds(services, grant, { ...query, available: undefined });
      if (!base) return undefined;
      const blocked = await services.caches.availability?.blockedPositions(base, available);
      const ids = blocked ? new ExceptIdList(base, blocked) : withoutReserved(base, await services.storage.products.blockedIds(available));
      return { value: ids, size: ids.bytes + key.length * 2 };
    }
    if (searchWords.length > 0) {
      const searched = await searchedList(services, grant, query);
      if (searched) return { value: searched, size: searched.bytes + key.length * 2 };
    }
    const listed = await services.storage.products.listIds(filterFor(grant, query), sort, MAX_CACHED_IDS);
    if (!listed) return undefined;
    const ids = new NumberList(services.caches.numbers.numbersOfJoined(listed.ids), services.caches.numbers);
    return { value: ids, size: ids.bytes + key.length * 2 };
  });
}

/**
 * A search's matches as the list without the search (kept, shared by every word) less the
 * products whose texts miss a word: the search index's matches are read alone, where matching
 * them in the ordered scan of products cost ~0.8 s a word at 1,000,000 products. Undefined
 * when that list is too long to keep.
 */
async function searchedList(services: ReadServices, grant: Grant, query: ListQuery): Promise<NumberList | undefined> {
  const base = await matchingIds(services, grant, { ...query, searchWords: [] });
  if (!(base instanceof NumberList)) return undefined;
  const { numbers } = services.caches;
  const matched = numbers.numbersOfJoined(await services.storage.products.searchedIds(query.searchWords));
  const found = new Uint8Array(numbers.size);
  for (const number of matched) found[number] = 1;
  let kept = 0;
  const listed = new Int32Array(Math.min(matched.length, base.numbers.length));
  for (const number of base.numbers) if (found[number] === 1) listed[kept++] = number;
  return new NumberList(listed.slice(0, kept), numbers);
}

/** Distinct bounded lists of one base answered in SQL (since the last write) before the base is listed whole. */
const BOUNDED_QUERIES_BEFORE_LISTING = 3;

/**
 * The matches of a query bounded on the number it is sorted by, as a run of the cached
 * list without those bounds (see splitRange). That list is built only once several bounds
 * of it were asked for since the last write: one query, or a write after every few, is
 * cheaper counted and paged in SQL.
 */
export async function boundedRun(services: ReadServices, grant: Grant, query: ListQuery): Promise<IdList | undefined> {
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
    const { numbers } = services.caches;
    const list = new RankedList(new NumberList(numbers.numbersOfJoined(listed.ids), numbers), listed.values, query.sort[0]?.descending ?? false);
    return { value: list, size: list.bytes + key.length * 2 };
  });
  return ranked instanceof RankedList ? ranked.within(split.bounds) : undefined;
}

/**
 * A shallow page of an availability filter and its count, from the availability index and
 * the list without the filter: the work follows the blocks in the interval, not the list's
 * length, and both are kept until the next write (an interval's page and count are a few
 * hundred bytes, where its whole list is a bit per product). Undefined when the index does
 * not answer (the caller lists the interval whole).
 */
export async function availablePage(services: ReadServices, grant: Grant, query: ListQuery, offset: number): Promise<{ ids: string[]; total: number } | undefined> {
  const { where, searchWords, available, sort, limit } = query;
  const { availability, pages, counts } = services.caches;
  if (!available || !availability) return undefined;
  const countKey = queryKey('count', grant, { where, searchWords, available });
  const pageKey = queryKey('available-page', grant, { where, searchWords, available, sort, limit, offset });
  const [keptIds, keptTotal] = [pages.get(pageKey), counts.get(countKey)];
  if (keptIds && keptTotal !== undefined) return { ids: keptIds, total: keptTotal };
  const readAt = { pages: pages.generation, counts: counts.generation };
  const base = await matchingIds(services, grant, { ...query, available: undefined });
  const found = base && (await availability.availableRun(base, available, offset, limit));
  if (!found) return undefined;
  pages.set(pageKey, found.ids, found.ids.length * 56 + pageKey.length * 2, readAt.pages);
  counts.set(countKey, found.total, countKey.length * 2 + 64, readAt.counts);
  return found;
}

/** The count of a filter: from its cached id list if there is one, else counted (and kept). */
export async function countOf(services: ReadServices, grant: Grant, query: ListQuery): Promise<number> {
  const { where, searchWords, available, sort } = query;
  const listed = services.caches.ids.get(queryKey('ids', grant, { where, searchWords, available, sort }));
  if (listed) return listed.length;
  const key = queryKey('count', grant, { where, searchWords, available });
  const total = await services.caches.counts.getOrLoad(key, async () => ({ value: await services.storage.products.count(filterFor(grant, query)), size: key.length * 2 + 64 }));
  return total ?? 0;
}

/** The ids of one shallow page, kept until the next write (a full-text filter costs more than a page read). */
export async function pageIds(services: ReadServices, grant: Grant, query: ListQuery, offset: number): Promise<string[]> {
  const { where, searchWords, sort, limit } = query;
  const key = queryKey('page', grant, { where, searchWords, sort, limit, offset });
  const ids = await services.caches.pages.getOrLoad(key, async () => {
    const page = await services.storage.products.pageIds(filterFor(grant, query), sort, limit, offset);
    return { value: page, size: page.length * 56 + key.length * 2 };
  });
  return ids ?? [];
}
