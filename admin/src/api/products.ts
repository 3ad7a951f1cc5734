import { api, call, callWithEtag, type Product } from './client.js';
import type { paths } from '../../../src/client/schema.js';

export type ProductInput = paths['/api/products']['post']['requestBody']['content']['application/json'];
export type ProductPatch = NonNullable<paths['/api/products/{id}']['patch']['requestBody']>['content']['application/json'];
export type ListQuery = NonNullable<paths['/api/products']['get']['parameters']['query']>;
export type Where = Record<string, unknown>;
export type { Product };

export const listProducts = (query: ListQuery) => call(() => api.GET('/api/products', { params: { query } }));

export const countProducts = (where: Where) => call(() => api.GET('/api/products/count', { params: { query: { where } } })).then((answer) => answer.totalDocs);

/** A product at depth 1 (owner's profile and terms, image objects) with its ETag for If-Match. */
export const readProduct = (id: string) => callWithEtag(() => api.GET('/api/products/{id}', { params: { path: { id }, query: { depth: 1 } } }));

/** A gallery's entries as stored (depth 0): a media document's id, or an image object kept inline (SPEC 2). */
export type StoredImage = NonNullable<NonNullable<ProductPatch['gallery']>['images']>[number];

/** The product's gallery as stored, to write it back entry for entry: at depth 1 media and inline objects look alike. */
export const readStoredGallery = (id: string) =>
  call(() => api.GET('/api/products/{id}', { params: { path: { id }, query: { depth: 0, select: { gallery: true } } } })).then(
    (product): StoredImage[] => product.gallery.images,
  );

export const createProduct = (input: ProductInput, id?: string) =>
  id
    ? call(() => api.POST('/api/products/{id}', { params: { path: { id } }, body: input }))
    : call(() => api.POST('/api/products', { body: input })).then((answer) => answer.doc);

/** PATCH with If-Match: a 412 when the product changed since `etag` was read. */
export const updateProduct = (id: string, patch: ProductPatch, etag: string | undefined) =>
  call(() => api.PATCH('/api/products/{id}', { params: { path: { id }, header: etag ? { 'if-match': etag } : {} }, body: patch })).then((answer) => answer.doc);

export const deleteProduct = (id: string) => call(() => api.DELETE('/api/products/{id}', { params: { path: { id } } }));

export const runAction = (id: string, action: string, args: Record<string, unknown> = {}) =>
  call(() => api.POST('/api/products/{id}', { params: { path: { id } }, body: { action, ...args } as never }));

/** Payload's bulk changes over the products a where picks (here: ids). */
export const bulkUpdate = (ids: string[], patch: ProductPatch) =>
  call(() => api.PATCH('/api/products', { params: { query: { where: { id: { in: ids.join(',') } }, limit: ids.length } }, body: patch }));
export const bulkDelete = (ids: string[]) => call(() => api.DELETE('/api/products', { params: { query: { where: { id: { in: ids.join(',') } }, limit: ids.length } } }));

/** Every non-empty filter, combined with `and` (an empty where when there is none). */
export function allOf(...wheres: (Where | undefined)[]): Where {
  const parts = wheres.filter((where): where is Where => where !== undefined && Object.keys(where).length > 0);
  if (parts.length === 0) return {};
  return parts.length === 1 ? (parts[0] as Where) : { and: parts };
}

/** Product names by id, for a page of rows that name products (calendars, bookings). */
export async function productNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const answer = await listProducts({ where: { id: { in: unique.join(',') } }, limit: unique.length, depth: 0, select: { basic: { product_name: true } } });
  return new Map(answer.docs.map((product) => [product.id, product.basic.product_name]));
}
