import type { Depth } from '../../domain/list-query.js';
import type { Grant } from '../../operations/access.js';
import { etagOf } from '../../operations/products/etag.js';
import { bodyAt, checkedAgainst, entrySize, etagAt, keepBodyAt, keepEtagAt, productEntry, type ProductEntry } from './product-cache.js';
import type { ReadServices } from './read-services.js';
import { galleryImages } from './render.js';
import { renderBodies } from './render-bodies.js';

/** A response body and its ETag. */
export interface Representation {
  body: string | Buffer;
  etag: string;
}

/**
 * A product as a reader with `grant` may see it, as response bytes; undefined when it is
 * missing or the grant hides it. The bytes do not depend on the reader, so they are cached per
 * product and only the access filter is checked per read (against the row once per filter).
 */
export function readProduct(services: ReadServices, id: string, depth: Depth, grant: Grant): Representation | Promise<Representation | undefined> | undefined {
  return keptProduct(services, id, depth, grant) ?? readStored(services, id, depth, grant);
}

/**
 * The common case without a wait: the product's entry was checked against this grant and its
 * body is held, so the answer is in memory or the body file. Null when something must be read
 * or rendered first.
 */
function keptProduct(services: ReadServices, id: string, depth: Depth, grant: Grant): Representation | null {
  const { products: cache, bodies } = services.caches;
  const entry = cache.get(id);
  if (!entry) return null;
  const filter = grant.kind === 'filter' ? grant.where : undefined;
  if (filter && entry.checked?.where !== filter) return null;
  if (filter && !entry.checked?.visible) return null;
  const kept = bodyAt(entry, depth);
  const etag = etagAt(entry, depth);
  const body = kept !== undefined && etag !== undefined ? bodies.read(kept) : undefined;
  return body === undefined ? null : { body, etag: etag as string };
}

async function readStored(services: ReadServices, id: string, depth: Depth, grant: Grant): Promise<Representation | undefined> {
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
    if (!row) return undefined;
    entry = entry ? { ...entry, row } : productEntry(row);
    if (filter && entry.checked?.where !== filter) entry.checked = checkedAgainst(filter, row);
    changed = true;
  }
  if (filter && !entry.checked?.visible) {
    if (changed) {
      entry.row = undefined;
      cache.set(id, entry, entrySize(entry), readAt);
    }
    return undefined;
  }
  // Without a wait since it was found held, only a failed read of the file loses it (the file
  // is closed then); a wait was for the row, which renders it.
  let body = kept !== undefined ? bodies.read(kept) : undefined;
  if (body === undefined) {
    if (!entry.row) return readStored(services, id, depth, grant);
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
