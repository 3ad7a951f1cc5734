import type { ListQuery } from '../../domain/list-query.js';
import { readableBy, type Grant } from '../../operations/access.js';
import type { ProductFilter } from '../../storage/products-repository.js';

/** What a list query reads in storage: the grant's filter with the query's own. */
export function filterFor(grant: Grant, query: Omit<ListQuery, 'sort' | 'limit' | 'page' | 'depth'>): ProductFilter {
  return { ...readableBy(grant, query.where), searchWords: query.searchWords, available: query.available, ...(query.reserved ? { reserved: query.reserved } : {}) };
}
