import type { ListQuery } from '../../domain/list-query.js';
import type { ProductFilter } from '../../storage/products-repository.js';
import type { Caller, Services } from '../context.js';
import type { Grant } from '../access.js';
import { productGrant } from './product-access.js';
import { applyAfterRead, hasAfterRead } from './read-hooks.js';
import { renderProducts } from './render.js';

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

function filterFor(grant: Grant, query: Omit<ListQuery, 'sort' | 'limit' | 'page' | 'depth'>): ProductFilter {
  return {
    access: grant.kind === 'filter' ? grant.where : undefined,
    where: query.where,
    searchWords: query.searchWords,
    available: query.available,
  };
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

/** A canonical text of a parsed query (fields by path), for cache keys. */
const queryKey = (kind: string, grant: Grant, query: object): string =>
  `${kind}|${grant.key}|${JSON.stringify(query, (key, value: unknown) => (key === 'field' ? (value as { path: string }).path : value))}`;

/**
 * Runs `produce` unless the same answer for the same access is cached. Without afterRead
 * hooks a list depends only on the query, the caller's access and the data.
 */
async function cached(services: Services, key: string, produce: () => Promise<string>): Promise<string> {
  if (hasAfterRead(services)) return produce();
  const cache = services.caches.lists;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const readAt = cache.generation;
  const body = await produce();
  cache.set(key, body, body.length * 2 + key.length * 2, readAt);
  return body;
}

/** GET /api/products: the envelope as response bytes. */
export async function findProducts(services: Services, caller: Caller, query: ListQuery): Promise<string> {
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
  return cached(services, queryKey('list', grant, query), async () => {
    const filter = filterFor(grant, query);
    const { products } = services.storage;
    const offset = (query.page - 1) * query.limit;
    const totalDocs = await countCached(services, grant, query, () => products.count(filter));
    const rows = offset < totalDocs ? await products.list(filter, query.sort, query.limit, offset) : [];
    const docs = await applyAfterRead(services, caller, await renderProducts(services, rows, query.depth));
    return JSON.stringify(paginate(docs, totalDocs, query.limit, query.page));
  });
}

/** Counts depend on the filters only (not on sort, page or depth): one cached count serves every page. */
async function countCached(services: Services, grant: Grant, query: ListQuery, count: () => Promise<number>): Promise<number> {
  const { where, searchWords, available } = query;
  const body = await cached(services, queryKey('count', grant, { where, searchWords, available }), async () => String(await count()));
  return Number(body);
}

/** GET /api/products/count: `{totalDocs}` as response bytes. */
export async function countProducts(services: Services, caller: Caller, query: ListQuery): Promise<string> {
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
  const totalDocs = await countCached(services, grant, query, () => services.storage.products.count(filterFor(grant, query)));
  return JSON.stringify({ totalDocs });
}
