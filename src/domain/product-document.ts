import { foldText } from './fold.js';
import { generateId } from './ids.js';
import { isPlainObject, type JsonObject } from './merge.js';
import type { ImageObject, ProductDoc, ReservationItem } from './product-schema.js';

/** Server-owned fields that request bodies cannot set. */
export const SERVER_FIELDS = ['id', 'createdAt', 'updatedAt'] as const;

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

const pick = <T extends JsonObject>(source: JsonObject | undefined, keys: string[]): T => {
  const out: JsonObject = {};
  for (const key of keys) if (source?.[key] !== undefined) out[key] = source[key];
  return out as T;
};

/**
 * A validated input → the stored document, with the server's fields and in one key order,
 * so that equal products serialise to equal bytes (and so to equal ETags).
 */
export function buildProductDoc(
  data: JsonObject,
  server: { id: string; ownerId?: string; slug: string; createdAt: string; updatedAt: string },
): ProductDoc {
  const basic = data.basic as JsonObject;
  const settings = (data.settings ?? {}) as JsonObject;
  const gallery = (data.gallery ?? {}) as { images?: (string | ImageObject)[] };
  const availability = (data.availability ?? {}) as { reservationDates?: JsonObject[] };
  const doc: ProductDoc = {
    id: server.id,
    ...(typeof data.internal_name === 'string' ? { internal_name: data.internal_name } : {}),
    basic: {
      ...pick<ProductDoc['basic']>(basic, ['product_name', 'product_desc', 'location']),
      ...(server.ownerId ? { rent_owner: server.ownerId } : {}),
    },
    additional: pick(data.additional as JsonObject | undefined, ['price', 'caution', 'time_unit', 'selectedTerm']),
    settings: { published: settings.published === true, slug: server.slug },
    gallery: { images: (gallery.images ?? []).map((image) => (typeof image === 'string' ? image : pick<ImageObject>(image, ['id', 'alt', 'filename', 'mimeType', 'url', 'width', 'height']))) },
    availability: { reservationDates: (availability.reservationDates ?? []).map(normaliseReservation) },
    ...(isPlainObject(data.seo) ? { seo: data.seo } : {}),
    ...(isPlainObject(data.legacy) ? { legacy: data.legacy } : {}),
    createdAt: server.createdAt,
    updatedAt: server.updatedAt,
  };
  return doc;
}

function normaliseReservation(item: JsonObject): ReservationItem {
  const { id, from, to, ...rest } = item;
  return { id: typeof id === 'string' ? id : generateId(), from: String(from), to: String(to), ...rest };
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

/** A product's search texts (see SearchTexts). */
export const searchTextsOfDoc = (doc: ProductDoc): SearchTexts => searchTextsOf(doc.basic.product_name, doc.basic.product_desc ?? '', doc.basic.location ?? '');

/** A product as the plain JSON object hooks and access rules receive. */
export const asData = (doc: ProductDoc): JsonObject => doc as unknown as JsonObject;
