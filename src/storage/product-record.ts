import { stringifyAscii } from '../domain/ascii-json.js';
import { columnValuesOf } from '../domain/field-registry.js';
import { PRODUCT_FIELDS } from '../domain/product-fields.js';
import type { ProductDoc } from '../domain/product-schema.js';
import { galleryReferences, namedGalleryIds, reservationIntervals } from '../domain/product-validation.js';
import { searchTextsOfDoc } from '../domain/product-document.js';
import type { ProductColumns, ProductRecord } from './products-repository.js';
import { blockedBy } from '../domain/rental/intervals.js';
import { productBuffers } from '../domain/rental/rules.js';

/** A document's values for the product columns of the field registry. */
export const productColumnsOf = (doc: ProductDoc): ProductColumns => columnValuesOf(PRODUCT_FIELDS, doc) as unknown as ProductColumns;

/** What is stored of a document; `docText` is its JSON when the caller has it already (a stored row's). */
export function toRecord(doc: ProductDoc, docText?: string): ProductRecord {
  const reservations = doc.availability.reservationDates;
  const intervals = reservationIntervals(reservations);
  const buffers = productBuffers(doc);
  return {
    // Stored as the ASCII JSON responses are made of, so that rendering need not escape it.
    row: { ...productColumnsOf(doc), doc: docText ?? stringifyAscii(doc) },
    texts: { ...(columnValuesOf(PRODUCT_FIELDS, doc, 'product_texts') as Pick<ProductRecord['texts'], 'product_desc'>), ...searchTextsOfDoc(doc) },
    reservations: reservations.map((item, index) => {
      const interval = intervals[index] ?? { start: 0, end: 0 };
      const block = blockedBy(interval, buffers);
      return { id: item.id, start: interval.start, end: interval.end, blockStart: block.start, blockEnd: block.end };
    }),
    mediaIds: galleryReferences(doc.gallery.images),
    namedMedia: namedGalleryIds(doc.gallery.images),
  };
}
