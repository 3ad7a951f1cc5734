import { unitNames, type TimeUnitDefinition } from './rental/units.js';
import type { ErrorItem } from '../errors/api-error.js';
import { fieldRuleErrors, requiredIn } from './field-registry.js';
import { isPlainObject } from './merge.js';
import { MEDIA_URL_PREFIX, PRODUCT_FIELDS, PRODUCT_GROUPS } from './product-fields.js';
import { productInputSchema, type ImageObject, type ReservationItem } from './product-schema.js';
import { parseInterval, type Interval } from './reservations.js';
import { ruleConflicts } from './rental/rules.js';
import { compileSchema, type SchemaCheck } from './schema-validator.js';

/** Checks a product document against SPEC section 2, as far as it can be without the database. */
export interface ProductValidator {
  check(input: unknown): ErrorItem[];
}

/** A missing required group is reported as the required fields in it (a missing `basic` names `basic.product_name`). */
function namingRequiredFields(errors: ErrorItem[]): ErrorItem[] {
  return errors.flatMap((error) => {
    const group = error.field !== undefined && Object.hasOwn(PRODUCT_GROUPS, error.field) ? error.field : undefined;
    if (group === undefined || error.message !== 'This field is required.') return [error];
    const fields = requiredIn(PRODUCT_FIELDS, group);
    return fields.length > 0 ? fields.map((field) => ({ ...error, field })) : [error];
  });
}

/** `timeUnits`: the configuration's (names, or names with a length). */
export function createProductValidator(timeUnits: readonly (string | TimeUnitDefinition)[]): ProductValidator {
  const schemaCheck: SchemaCheck = compileSchema(productInputSchema(unitNames(timeUnits)));
  return {
    check(input) {
      const errors = namingRequiredFields(schemaCheck(input));
      if (isPlainObject(input)) {
        const failed = new Set(errors.map((error) => error.field));
        errors.push(...fieldRuleErrors(PRODUCT_FIELDS, input, (path) => failed.has(path)), ...ruleConflicts(input, (path) => failed.has(path)));
      }
      return errors;
    },
  };
}

/** How a gallery's use of a stored file is recorded beside media ids (`:` is in no id): `file:<filename>`. */
export const fileReference = (filename: string): string => `file:${filename}`;

/**
 * Every media a gallery refers to: by id string or an image object's id, and by the file an
 * image object's `url` names (an inline object uses that stored file, whatever its id), so that
 * deleting media a gallery shows is a 409 either way (SPEC 5).
 */
export function galleryReferences(images: (string | ImageObject)[] | undefined): string[] {
  return (images ?? []).flatMap((image) => {
    if (typeof image === 'string') return [image];
    const file = image.url.startsWith(MEDIA_URL_PREFIX) ? decodedFilename(image.url.slice(MEDIA_URL_PREFIX.length)) : undefined;
    return file === undefined ? [image.id] : [image.id, fileReference(file)];
  });
}

function decodedFilename(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
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
