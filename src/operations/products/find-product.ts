import { isValidId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import type { ProductReadRow } from '../../storage/products-repository.js';
import type { Caller, Services } from '../context.js';
import { etagOf } from './etag.js';
import { bodyAt, checkedAgainst, entrySize, etagAt, keepBodyAt, keepEtagAt, productEntry, type ProductEntry } from '../../read-model/products/product-cache.js';
import { productGrant } from './product-access.js';
import { applyAfterRead, hasAfterRead } from './read-hooks.js';
import { galleryImages, renderProducts } from '../../read-model/products/render.js';
import { renderBodies } from '../../read-model/products/render-bodies.js';
import { Errors } from '../../errors/codes.js';

/** A response body and its ETag. */
export interface Representation {
  body: string | Buffer;
  etag: string;
}

const missing = (id: string) => Errors.PRODUCT_NOT_FOUND(id);

async function represent(services: Services, caller: Caller, row: ProductReadRow, depth: Depth): Promise<Representation> {
  const [doc] = await applyAfterRead(services, caller, await renderProducts(services, [row], depth));
  const body = JSON.stringify(doc);
  return { body, etag: etagOf(body) };
}

/**
 * A product as the caller may see it (hidden and missing are both 404), as response bytes.
 * Without afterRead hooks the bytes do not depend on the caller, so they are cached per
 * product and only the access rule is evaluated per request.
 */
export async function readProduct(services: Services, caller: Caller, id: string, depth: Depth): Promise<Representation> {
  if (!isValidId(id)) throw missing(id);
  const grant = await productGrant(services.config.access.products.read, { user: caller.user, id });
  if (hasAfterRead(services)) {
    const row = await services.storage.products.get(id, grant.kind === 'filter' ? grant.where : undefined);
    if (!row) throw missing(id);
    return represent(services, caller, row, depth);
  }
  const { products: cache, bodies } = services.caches;
  const readAt = cache.generation;
  let entry: ProductEntry | undefined = cache.get(id);
  let changed = false;
  const filter = grant.kind === 'filter' ? grant.where : undefined;
  const kept = entry && bodyAt(entry, depth);
  const held = kept !== undefined && bodies.holds(kept);
  // A filtered grant other than the one last checked against this product reads its row once.
  if (!entry || (filter && entry.checked?.where !== filter) || (!held && !entry.row)) {
    const row = await services.storage.products.get(id);
    if (!row) throw missing(id);
    entry = entry ? { ...entry, row } : productEntry(row);
    if (filter && entry.checked?.where !== filter) entry.checked = checkedAgainst(filter, row);
    changed = true;
  }
  if (filter && !entry.checked?.visible) {
    if (changed) {
      entry.row = undefined;
      cache.set(id, entry, entrySize(entry), readAt);
    }
    throw missing(id);
  }
  // Without a wait since it was found held, only a failed read of the file loses it (the file
  // is closed then); a wait was for the row, which renders it.
  let body = kept !== undefined ? bodies.read(kept) : undefined;
  if (body === undefined) {
    if (!entry.row) return readProduct(services, caller, id, depth);
    const [rendered] = await renderBodies([entry.row], depth, (ids) => galleryImages(services, ids));
    if (!rendered) throw new Error(`product ${id} was not rendered`);
    body = rendered;
    keepBodyAt(entry, depth, bodies.keep(rendered));
    changed = true;
  }
  entry.row = undefined;
  let etag = etagAt(entry, depth);
  if (etag === undefined) {
    etag = etagOf(body);
    keepEtagAt(entry, depth, etag);
    changed = true;
  }
  // A hit that added nothing stays where it is in the cache.
  if (changed) cache.set(id, entry, entrySize(entry), readAt);
  return { body, etag };
}

/** The tags a client may hold for a stored product: its representations at depth 0 and 1. */
export async function currentEtags(services: Services, caller: Caller, row: ProductReadRow): Promise<Set<string>> {
  const tags = new Set<string>();
  for (const depth of [0, 1] as const) tags.add((await represent(services, caller, row, depth)).etag);
  return tags;
}
