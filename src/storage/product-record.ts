import { columnValuesOf } from '../domain/field-registry.js';
import { PRODUCT_FIELDS } from '../domain/product-fields.js';
import type { ProductDoc } from '../domain/product-schema.js';
import { galleryReferences, namedGalleryIds, reservationIntervals } from '../domain/product-validation.js';
import { searchedOf, searchTextsOfDoc } from '../domain/product-document.js';
import type { ProductColumns, ProductRecord } from './products-repository.js';
import { blockedBy } from '../domain/rental/intervals.js';
import { productBuffers } from '../domain/rental/rules.js';

/** A document's values for the product columns of the field registry. */
export const productColumnsOf = (doc: ProductDoc): ProductColumns => columnValuesOf(PRODUCT_FIELDS, doc) as unknown as ProductColumns;

/**
 * What is stored of a document; `docText` is its JSON when the caller has it already (a stored row's).
 * Its texts are folded when first read: an update that leaves them as they were (see
 * ProductRecord.searched) never folds them.
 */
export function toRecord(doc: ProductDoc, docText?: string): ProductRecord {
  const reservations = doc.availability.reservationDates;
  const intervals = reservationIntervals(reservations);
  const buffers = productBuffers(doc);
  let texts: ProductRecord['texts'] | undefined;
  return {
    row: { ...productColumnsOf(doc), doc: docText ?? JSON.stringify(doc) },
    get texts() {
      texts ??= { ...(columnValuesOf(PRODUCT_FIELDS, doc, 'product_texts') as Pick<ProductRecord['texts'], 'product_desc'>), ...searchTextsOfDoc(doc) };
      return texts;
    },
    searched: searchedOf(doc),
    reservations: reservations.map((item, index) => {
      const interval = intervals[index] ?? { start: 0, end: 0 };
      const block = blockedBy(interval, buffers);
      return { id: item.id, start: interval.start, end: interval.end, blockStart: block.start, blockEnd: block.end };
    }),
    mediaIds: galleryReferences(doc.gallery.images),
    namedMedia: namedGalleryIds(doc.gallery.images),
  };
}
