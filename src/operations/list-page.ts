import type { ListQuery } from '../domain/list-query.js';
import { paginate, unpaginated, unpaginatedWindow, type PaginatedDocs } from './products/find-products.js';

/** A filtered, sorted collection a list page is read from. */
export interface ListSource<Row> {
  count(): Promise<number>;
  list(limit: number, offset: number): Promise<Row[]>;
}

/**
 * One page of a small collection (media, accounts) in Payload's envelope: the page and its
 * count side by side, or with `pagination=false` the whole window (see unpaginatedWindow).
 */
export async function listPage<Row, Doc>(query: ListQuery, source: ListSource<Row>, toDoc: (row: Row) => Doc, what: string): Promise<PaginatedDocs<Doc>> {
  if (!query.pagination) {
    const window = await unpaginatedWindow(query, () => source.count(), what);
    const rows = await source.list(window.limit, window.offset);
    return unpaginated(rows.map(toDoc), query.limit, window.page);
  }
  const [total, rows] = await Promise.all([source.count(), source.list(query.limit, (query.page - 1) * query.limit)]);
  return paginate(rows.map(toDoc), total, query.limit, query.page);
}
