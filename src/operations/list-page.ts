import { MAX_UNPAGINATED, type ListQuery } from '../domain/list-query.js';
import type { SortKey } from '../domain/where/types.js';
import { Errors } from '../errors/codes.js';

/** Payload's list envelope. */
export interface PaginatedDocs<T> {
  docs: T[];
  totalDocs: number;
  limit: number;
  totalPages: number;
  page: number;
  pagingCounter: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  prevPage: number | null;
  nextPage: number | null;
}

export function paginate<T>(docs: T[], totalDocs: number, limit: number, page: number): PaginatedDocs<T> {
  // As Payload (mongoose-paginate) counts: an empty result still has one (empty) page.
  const totalPages = Math.ceil(totalDocs / limit) || 1;
  return {
    docs,
    totalDocs,
    limit,
    totalPages,
    page,
    pagingCounter: (page - 1) * limit + 1,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  };
}

/** Payload's envelope of `pagination=false`: the docs are the one page, whatever their number. */
export function unpaginated<T>(docs: T[], limit: number, page: number): PaginatedDocs<T> {
  return { docs, totalDocs: docs.length, limit, totalPages: 1, page, pagingCounter: 1, hasPrevPage: false, hasNextPage: false, prevPage: null, nextPage: null };
}

/**
 * The rows `pagination=false` reads, and the page it reports: `limit` of them from `page`, or
 * without a limit every match from the first, once `count` shows they are at most
 * MAX_UNPAGINATED (more is a 400 that says to page).
 */
export async function unpaginatedWindow(query: ListQuery, count: () => Promise<number>, what: string): Promise<{ limit: number; offset: number; page: number }> {
  if (query.limit !== 0) return { limit: query.limit, offset: (query.page - 1) * query.limit, page: query.page };
  const totalDocs = await count();
  if (totalDocs > MAX_UNPAGINATED) {
    const message = `pagination=false lists at most ${MAX_UNPAGINATED} ${what} and ${totalDocs} match: page through them with limit and page, or pass a limit.`;
    throw Errors.TOO_MANY_MATCHES(message, 'pagination');
  }
  return { limit: MAX_UNPAGINATED, offset: 0, page: 1 };
}

/** A filtered, sorted collection a list page is read from. */
export interface ListSource<Row> {
  count(): Promise<number>;
  list(limit: number, offset: number): Promise<Row[]>;
}

/** A repository that lists and counts by a filter. */
interface FilteredRepository<Filter, Row> {
  count(filter: Filter): Promise<number>;
  list(filter: Filter, sort: SortKey[], limit: number, offset: number): Promise<Row[]>;
}

/** A repository's rows under one filter and order, as listPage reads them. */
export const filteredSource = <Filter, Row>(repository: FilteredRepository<Filter, Row>, filter: Filter, sort: SortKey[]): ListSource<Row> => ({
  count: () => repository.count(filter),
  list: (limit, offset) => repository.list(filter, sort, limit, offset),
});

/**
 * One page of a collection in Payload's envelope, its docs made from the rows it read: the
 * page and its count side by side, or with `pagination=false` the whole window (see
 * unpaginatedWindow).
 */
export async function listPage<Row, Doc>(
  query: ListQuery,
  source: ListSource<Row>,
  docsOf: (rows: Row[]) => Doc[] | Promise<Doc[]>,
  what: string,
): Promise<PaginatedDocs<Doc>> {
  if (!query.pagination) {
    const window = await unpaginatedWindow(query, () => source.count(), what);
    const rows = await source.list(window.limit, window.offset);
    return unpaginated(await docsOf(rows), query.limit, window.page);
  }
  const [total, rows] = await Promise.all([source.count(), source.list(query.limit, (query.page - 1) * query.limit)]);
  return paginate(await docsOf(rows), total, query.limit, query.page);
}
