import type { ErrorItem } from '../errors/api-error.js';
import { isPlainObject, type JsonObject } from './merge.js';
import { MEDIA_URL_PREFIX, productInputSchema, type ImageObject, type ReservationItem } from './product-schema.js';
import { parseInterval, type Interval } from './reservations.js';
import { compileSchema, type SchemaCheck } from './schema-validator.js';

/** Checks a product document against SPEC section 2, as far as it can be without the database. */
export interface ProductValidator {
  check(input: unknown): ErrorItem[];
}

export function createProductValidator(timeUnits: readonly string[]): ProductValidator {
  const schemaCheck: SchemaCheck = compileSchema(productInputSchema(timeUnits));
  return {
    check(input) {
      // A missing `basic` means a missing name: report the field the client must add.
      const errors = schemaCheck(input).map((error) =>
        error.field === 'basic' && error.message === 'This field is required.' ? { ...error, field: 'basic.product_name' } : error,
      );
      if (isPlainObject(input)) errors.push(...ruleErrors(input, new Set(errors.map((e) => e.field))));
      return errors;
    },
  };
}

/** Rules a JSON schema cannot say; fields that already failed the schema are not checked again. */
function ruleErrors(doc: JsonObject, failed: Set<string | undefined>): ErrorItem[] {
  const errors: ErrorItem[] = [];
  const basic = doc.basic as JsonObject | undefined;
  if (typeof basic?.product_name === 'string' && basic.product_name.trim() === '' && !failed.has('basic.product_name')) {
    errors.push({ field: 'basic.product_name', message: 'Must not be empty.' });
  }
  const additional = doc.additional as JsonObject | undefined;
  for (const key of ['price', 'caution']) {
    const value = additional?.[key];
    if (typeof value === 'number' && !Number.isFinite(value) && !failed.has(`additional.${key}`)) {
      errors.push({ field: `additional.${key}`, message: 'Must be a finite number.' });
    }
  }
  const images = (doc.gallery as { images?: unknown } | undefined)?.images;
  if (Array.isArray(images)) {
    images.forEach((image, index) => {
      const field = `gallery.images.${index}.url`;
      if (!isPlainObject(image) || failed.has(field) || typeof image.filename !== 'string' || typeof image.url !== 'string') return;
      if (image.url !== MEDIA_URL_PREFIX + image.filename && image.url !== MEDIA_URL_PREFIX + encodeURIComponent(image.filename)) {
        errors.push({ field, message: `Must be ${MEDIA_URL_PREFIX}<filename> for this image's filename.` });
      }
    });
  }
  const reservations = (doc.availability as { reservationDates?: unknown } | undefined)?.reservationDates;
  if (Array.isArray(reservations)) {
    const ids = new Set<string>();
    reservations.forEach((item, index) => {
      const path = `availability.reservationDates.${index}`;
      if (!isPlainObject(item)) return;
      if (!failed.has(`${path}.from`) && !failed.has(`${path}.to`)) errors.push(...parseInterval(item.from, item.to, path).errors);
      if (typeof item.id === 'string') {
        if (ids.has(item.id)) errors.push({ field: `${path}.id`, message: 'Another reservation of this product has this id.' });
        ids.add(item.id);
      }
    });
  }
  return errors;
}

/** Every media id a gallery refers to, by id string or by an image object's id. */
export function galleryReferences(images: (string | ImageObject)[] | undefined): string[] {
  return (images ?? []).map((image) => (typeof image === 'string' ? image : image.id));
}

/** The gallery entries given as media ids (not inline image objects): what depth 1 fills in, and what must exist. */
export function namedGalleryIds(images: (string | ImageObject)[] | undefined): string[] {
  return (images ?? []).filter((image): image is string => typeof image === 'string');
}

/** The intervals of validated reservation items, in item order. */
export function reservationIntervals(items: ReservationItem[]): Interval[] {
  return items.map((item) => {
    const { interval } = parseInterval(item.from, item.to, '');
    if (!interval) throw new Error('reservationIntervals called on unvalidated items');
    return interval;
  });
}
