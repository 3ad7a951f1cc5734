import type { ListQuery } from '../../domain/list-query.js';
import { filteredSource, listPage, paginate } from '../list-page.js';
import type { ProductReadRow } from '../../storage/products-repository.js';
import type { Caller, Services } from '../context.js';
import type { Grant } from '../access.js';
import { productGrant } from './product-access.js';
import { applyAfterRead, hasAfterRead } from './read-hooks.js';
import { filterFor } from '../../read-model/products/product-filter.js';

/** The general path: SQL count and page, afterRead hooks applied per document. */
async function pagedInSql(services: Services, caller: Caller, grant: Grant, query: ListQuery): Promise<string> {
  const filter = filterFor(grant, query);
  const { products } = services.storage;
  const offset = (query.page - 1) * query.limit;
  const totalDocs = await products.count(filter);
  const rows: ProductReadRow[] = offset < totalDocs ? await products.list(filter, query.sort, query.limit, offset) : [];
  const docs = await applyAfterRead(services, caller, await services.readModel.render(rows, query.depth));
  return JSON.stringify(paginate(docs, totalDocs, query.limit, query.page));
}

/**
 * `pagination=false`: every match in one page (or `limit` of them from `page`), read and
 * rendered as the general path does; not kept, as such lists are rare and each is large.
 */
async function listedWhole(services: Services, caller: Caller, grant: Grant, query: ListQuery): Promise<string> {
  const source = filteredSource(services.storage.products, filterFor(grant, query), query.sort);
  const docsOf = async (rows: ProductReadRow[]) => applyAfterRead(services, caller, await services.readModel.render(rows, query.depth));
  return JSON.stringify(await listPage(query, source, docsOf, 'products'));
}

/**
 * GET /api/products: the envelope as response text, or composed in a borrowed buffer (see
 * sendComposed). Access first; with afterRead hooks (or a page the read model leaves to SQL)
 * the general path, else the read model's page.
 */
export async function findProducts(services: Services, caller: Caller, query: ListQuery): Promise<string | Buffer> {
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
  if (!query.pagination) return listedWhole(services, caller, grant, query);
  if (hasAfterRead(services)) return pagedInSql(services, caller, grant, query);
  return (await services.readModel.page(query, grant)) ?? pagedInSql(services, caller, grant, query);
}

/** GET /api/products/count: `{totalDocs}` as response bytes. */
export async function countProducts(services: Services, caller: Caller, query: ListQuery): Promise<string> {
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
  return JSON.stringify({ totalDocs: await services.readModel.count(query, grant) });
}
