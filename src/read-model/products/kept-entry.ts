import { APIError } from '../../errors/api-error.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { rentalFactsOf } from '../../domain/rental/facts.js';
import type { ProductReadRow, ProductRecord } from '../../storage/products-repository.js';
import { etagOf } from '../../operations/products/etag.js';
import { checkedAgainst, entrySize, productEntry, type ProductEntry } from './product-cache.js';
import type { ReadServices } from './read-services.js';
import { galleryImages } from './render.js';
import { renderBodies } from './render-bodies.js';

/** Whether an anonymous reader may read the product, as a read keeps it (read-product.ts); undefined where the read must decide. */
async function anonymousCheck(services: ReadServices, row: ProductReadRow): Promise<ProductEntry['checked']> {
  try {
    const grant = await services.anonymousGrant(row.id);
    return grant.kind === 'filter' ? checkedAgainst(grant.where, row) : undefined;
  } catch (error) {
    // Refused outright: the read answers that, per request.
    if (error instanceof APIError) return undefined;
    throw error;
  }
}

/**
 * The entry a read of a product at depth 1 (the default) keeps, before its body is kept:
 * no row, the anonymous readers' access check, and the ETag of `body`.
 */
export async function renderedEntry(services: ReadServices, row: ProductReadRow, body: Buffer): Promise<ProductEntry> {
  const entry = productEntry(row);
  entry.row = undefined;
  entry.checked = await anonymousCheck(services, row);
  entry.etag1 = etagOf(body);
  return entry;
}

/**
 * After a write of this process has committed (and forgotten the product's cached entry):
 * the product's body at depth 1, kept as its first read would keep it, so that the reads that
 * follow a write (the dashboard reading back what it saved, a shop listing a new product)
 * find it ready instead of reading the row and rendering it again. Not with afterRead hooks,
 * whose bodies depend on the caller. A write that lands meanwhile forgets it, as it does a
 * read's (the cache's generation is taken before anything is read). The body, when kept, is
 * also the write's answer at depth 1 (see writtenProduct): the same bytes a read sends.
 * Given the document written, the entry keeps its rental facts as well (rental-facts.ts).
 */
export async function keepWritten(services: ReadServices, record: ProductRecord, version: number, doc?: ProductDoc): Promise<Buffer | undefined> {
  if (services.callerDependent()) return undefined;
  const { products: cache, bodies: file } = services.caches;
  const readAt = cache.generation;
  try {
    const [row] = await services.storage.owners.attach([{ ...record.row, version }]);
    if (!row) return undefined;
    const [body] = await renderBodies([row], 1, (ids) => galleryImages(services, ids));
    if (!body) return undefined;
    const entry = await renderedEntry(services, row, body);
    entry.body1 = file.keep(body);
    // The quote's and the calendar's facts too, from the document written: a few µs, no parse.
    if (doc) entry.rental = rentalFactsOf(doc);
    cache.set(row.id, entry, entrySize(entry), readAt);
    return body;
  } catch (error) {
    // The write has committed: it is answered as such, rendered as usual. Its first read renders the body.
    services.log.warn({ err: error }, `product ${record.row.id} was saved, but its body could not be kept for reads`);
    return undefined;
  }
}
