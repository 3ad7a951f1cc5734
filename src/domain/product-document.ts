import { foldText } from './fold.js';
import { buildDocument } from './field-registry.js';
import { isPlainObject, type JsonObject } from './merge.js';
import { PRODUCT_FIELDS } from './product-fields.js';
import type { ProductDoc } from './product-schema.js';

/** Server-owned fields that request bodies cannot set. */
export const SERVER_FIELDS: readonly string[] = PRODUCT_FIELDS.flatMap((field) => ('server' in field && field.server ? [field.path] : []));

export function withoutServerFields(data: JsonObject): JsonObject {
  const rest = { ...data };
  for (const key of SERVER_FIELDS) delete rest[key];
  return rest;
}

/** The owner id of `basic.rent_owner` in either input form. */
export function ownerIdOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isPlainObject(value) && typeof value.id === 'string') return value.id;
  return undefined;
}

/**
 * A validated input → the stored document, with the server's fields, in the registry's
 * order (so that equal products serialise to equal bytes, and so to equal ETags).
 */
export function buildProductDoc(
  data: JsonObject,
  server: { id: string; ownerId?: string; slug: string; createdAt: string; updatedAt: string },
): ProductDoc {
  const values = {
    id: server.id,
    createdAt: server.createdAt,
    updatedAt: server.updatedAt,
    'basic.rent_owner': server.ownerId,
    'settings.slug': server.slug,
  };
  return buildDocument(PRODUCT_FIELDS, data, values) as ProductDoc;
}

/**
 * What `q` and the `like`/`contains` filters on name, description and location search: the
 * three folded and joined by line breaks, and the lengths of the first two in code points
 * (as SQL's `substr` counts), so that SQL can take out each field's folded text again.
 */
export interface SearchTexts {
  search_text: string;
  name_length: number;
  desc_length: number;
}

/** Code points, as SQLite's and PostgreSQL's `length` and `substr` count characters. */
export function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** The last texts folded and their folding: an update folds the texts before and after it, mostly the same. */
let lastParts: readonly string[] = [];
let lastTexts: SearchTexts = { search_text: '', name_length: 0, desc_length: 0 };

/** Each field is folded on its own: folding the three joined gives the same text (test/domain/text.test.ts). */
export function searchTextsOf(name: string, desc: string, location: string): SearchTexts {
  if (name !== lastParts[0] || desc !== lastParts[1] || location !== lastParts[2]) {
    const [foldedName, foldedDesc] = [foldText(name), foldText(desc)];
    lastTexts = { search_text: `${foldedName}\n${foldedDesc}\n${foldText(location)}`, name_length: codePointLength(foldedName), desc_length: codePointLength(foldedDesc) };
    lastParts = [name, desc, location];
  }
  return lastTexts;
}

/** What a product's texts (its stored description and SearchTexts) are made of: its name, description and location, as they are. */
export const searchedOf = (doc: ProductDoc): Searched => [doc.basic.product_name, doc.basic.product_desc, doc.basic.location];
export type Searched = readonly [string, string | undefined, string | undefined];

/** A product's search texts (see SearchTexts). */
export const searchTextsOfDoc = (doc: ProductDoc): SearchTexts => searchTextsOf(doc.basic.product_name, doc.basic.product_desc ?? '', doc.basic.location ?? '');

/** A product as the plain JSON object hooks and access rules receive. */
export const asData = (doc: ProductDoc): JsonObject => doc as unknown as JsonObject;
