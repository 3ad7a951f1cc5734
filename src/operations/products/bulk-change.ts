import type { BulkQuery } from '../../domain/list-query.js';
import { productFields } from '../../domain/product-fields.js';
import type { Caller, Services } from '../context.js';
import { changeEach, matchedIds, type BulkCollection, type BulkResult, type Noun } from '../bulk.js';
import { deleteProduct } from './delete-product.js';
import type { RenderedProduct } from '../../read-model/products/render.js';
import type { WrittenProduct } from './render-one.js';
import { applyPatch, patchOf } from './update-product.js';

export const PRODUCTS: Noun = { one: 'Product', many: 'Products' };

const collection = (services: Services): BulkCollection => ({
  noun: PRODUCTS,
  fields: productFields,
  read: services.config.access.products.read,
  ids: (filter, sort, limit) => services.storage.products.pageIds(filter, sort, limit, 0),
});

/** PATCH /api/products?where=…: the patch merged into every matching product, as PATCH /api/products/:id does. */
export async function updateProducts(services: Services, caller: Caller, query: BulkQuery, body: unknown): Promise<BulkResult<WrittenProduct>> {
  const patch = patchOf(body);
  const ids = await matchedIds(caller, query, collection(services), services.config.access.products.update);
  return changeEach(ids, (id) => applyPatch(services, caller, id, patch, { depth: query.depth }));
}

/** DELETE /api/products?where=…: every matching product, as DELETE /api/products/:id deletes one. */
export async function deleteProducts(services: Services, caller: Caller, query: BulkQuery): Promise<BulkResult<RenderedProduct>> {
  const ids = await matchedIds(caller, query, collection(services), services.config.access.products.delete);
  return changeEach(ids, (id) => deleteProduct(services, caller, id, query.depth));
}
