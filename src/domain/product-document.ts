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

/** The last text folded and its folding: an update folds the texts before and after it, mostly the same. */
let lastText = '';
let lastFolded = '';

/** Name, description and location folded, as `q` searches them. */
export function searchTextOf(doc: ProductDoc): string {
  const text = [doc.basic.product_name, doc.basic.product_desc ?? '', doc.basic.location ?? ''].join('\n');
  if (text !== lastText) {
    lastFolded = foldText(text);
    lastText = text;
  }
  return lastFolded;
}

/** A product as the plain JSON object hooks and access rules receive. */
export const asData = (doc: ProductDoc): JsonObject => doc as unknown as JsonObject;
