import type { ListQuery } from '../../domain/list-query.js';
import type { ProductFilter } from '../../storage/products-repository.js';
import type { Caller, Services } from '../context.js';
import { productGrant } from './product-access.js';
import { applyAfterRead } from './read-hooks.js';
import { renderProducts, type RenderedProduct } from './render.js';

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

async function filterFor(services: Services, caller: Caller, query: Omit<ListQuery, 'sort' | 'limit' | 'page' | 'depth'>): Promise<ProductFilter> {
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
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

export async function findProducts(services: Services, caller: Caller, query: ListQuery): Promise<PaginatedDocs<RenderedProduct>> {
  const filter = await filterFor(services, caller, query);
  const { products } = services.storage;
  const offset = (query.page - 1) * query.limit;
  const [totalDocs, rows] = await Promise.all([products.count(filter), products.list(filter, query.sort, query.limit, offset)]);
  const docs = await applyAfterRead(services, caller, await renderProducts(services, rows, query.depth));
  return paginate(docs, totalDocs, query.limit, query.page);
}

export async function countProducts(services: Services, caller: Caller, query: ListQuery): Promise<{ totalDocs: number }> {
  return { totalDocs: await services.storage.products.count(await filterFor(services, caller, query)) };
}
