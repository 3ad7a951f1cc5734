import { ValidationError } from '../../errors/api-error.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { slugify, withSuffix } from '../../domain/slug.js';
import type { ProductRecord, ProductsRepository } from '../../storage/products-repository.js';
import { UniqueViolation } from '../../storage/unique-violation.js';
import { toRecord } from '../../storage/product-record.js';
import { MissingMedia, MissingOwner, MissingTerm } from '../../storage/reference-errors.js';
import { type PreparedProduct } from './prepare-product.js';
import { productLocks } from '../keyed-lock.js';
import { Errors } from '../../errors/codes.js';

const SLUG_ATTEMPTS = 20;

/**
 * The slug derived from `base` for product `id`: the one it holds already when that is `base`
 * or `base-N` (its own slug is no collision, and the same write again keeps its URL), else
 * the first of those no product holds.
 */
async function nextFreeSlug(products: ProductsRepository, base: string, id: string): Promise<string> {
  const rows = await products.slugsLike(base);
  const own = rows.find((row) => row.id === id && derivedFrom(row.slug, base));
  if (own) return own.slug;
  const taken = new Set(rows.map((row) => row.slug));
  for (let n = 1; ; n++) if (!taken.has(withSuffix(base, n))) return withSuffix(base, n);
}

/** Whether `slug` is `base` or `base-N` (N ≥ 2), as withSuffix numbers them. */
function derivedFrom(slug: string, base: string): boolean {
  if (slug === base) return true;
  const n = slug.startsWith(`${base}-`) ? slug.slice(base.length + 1) : '';
  return /^[1-9][0-9]*$/.test(n) && Number(n) >= 2;
}

/**
 * Writes a prepared product. A derived slug that another writer took in the meantime is
 * renumbered and tried again; an explicit one is a 409. The database decides uniqueness.
 * `write` returns false when the row changed underneath (a stale version).
 */
export async function persistProduct(
  products: ProductsRepository,
  prepared: PreparedProduct,
  write: (record: ProductRecord, doc: ProductDoc) => Promise<boolean>,
): Promise<{ doc: ProductDoc; written: boolean }> {
  if (prepared.explicitSlug) return writeWithSlug(products, prepared, '', write);
  // Writers deriving the same slug queue, so each finds the next free number on its first try.
  const base = slugify(prepared.doc.basic.product_name);
  return productLocks.run(`slug:${base}`, () => writeWithSlug(products, prepared, base, write));
}

/** A gallery image deleted while the write was on its way: the 400 the earlier check gives. */
function missingMedia(doc: ProductDoc, mediaId: string): ValidationError {
  const index = (doc.gallery?.images ?? []).findIndex((image) => image === mediaId);
  return Errors.UNKNOWN_MEDIA(mediaId, index >= 0 ? index : undefined);
}

/**
 * What a failed write of `doc` answers: the client's error for a reference gone or an id or
 * explicit slug taken meanwhile, the error itself for anything else, and undefined for a
 * derived slug taken meanwhile (renumbered and tried again).
 */
export function writeRefusal(error: unknown, doc: ProductDoc, explicitSlug: boolean): unknown {
  if (error instanceof MissingMedia) return missingMedia(doc, error.mediaId);
  // A term removed from the owner while the write was on its way.
  if (error instanceof MissingTerm) return Errors.UNKNOWN_TERM(error.termId);
  // An account deleted while the write was on its way.
  if (error instanceof MissingOwner) return Errors.UNKNOWN_OWNER(error.ownerId);
  if (!(error instanceof UniqueViolation)) return error;
  if (error.target === 'products.id') return Errors.PRODUCT_ID_TAKEN(doc.id);
  if (error.target !== 'products.slug') return error;
  return explicitSlug ? Errors.SLUG_TAKEN(doc.settings.slug) : undefined;
}

/** `base`: what a derived slug is numbered from (unused with an explicit slug). */
async function writeWithSlug(
  products: ProductsRepository,
  prepared: PreparedProduct,
  base: string,
  write: (record: ProductRecord, doc: ProductDoc) => Promise<boolean>,
): Promise<{ doc: ProductDoc; written: boolean }> {
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = prepared.explicitSlug ? prepared.doc.settings.slug : await nextFreeSlug(products, base, prepared.doc.id);
    const doc: ProductDoc = { ...prepared.doc, settings: { ...prepared.doc.settings, slug } };
    try {
      return { doc, written: await write(toRecord(doc), doc) };
    } catch (error) {
      const refusal = writeRefusal(error, doc, prepared.explicitSlug);
      if (refusal) throw refusal;
    }
  }
  throw Errors.SLUG_EXHAUSTED();
}
