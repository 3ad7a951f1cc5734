import { LRUCache } from 'lru-cache';
import { jsonBytes } from '../../domain/json-bytes.js';
import type { Depth } from '../../domain/list-query.js';
import type { ImageObject, ProductDoc } from '../../domain/product-schema.js';
import { namedGalleryIds } from '../../domain/product-validation.js';
import type { MediaImage } from '../../storage/media-repository.js';
import type { ProductDocRow } from '../../storage/products-repository.js';
import { publicProfile } from '../../operations/products/owner-profile.js';
import { populateRow } from './render.js';

/**
 * Response bodies straight from the stored JSON text. Stored documents are written in one
 * key order (buildProductDoc): `id`, `internal_name`, then `basic` (whose values are strings
 * and whose last key is `rent_owner`), `additional`, `settings`, `gallery`, `availability`.
 * Strings in JSON escape their quotes, so the first `"rent_owner":` and the first
 * `"gallery":{"images":[` … `]},"availability":` are those fields. Depth 1 then replaces just
 * those two spans instead of parsing and re-serialising the whole document. A document not
 * in that shape takes the general path.
 */
const GALLERY_START = '"gallery":{"images":';
const GALLERY_END = '},"availability":';

const MAX_PROFILES = 5000;
const profileJson = new LRUCache<string, { name: string; profile: string; json: string; bytes?: Buffer }>({ max: MAX_PROFILES });

/** An owner's public profile, memoised per owner while its stored text stays the same. */
function ownerProfile(row: Pick<ProductDocRow, 'owner_id' | 'owner_name' | 'owner_profile'>): { json: string; bytes?: Buffer } | undefined {
  if (!row.owner_id || row.owner_name === null || row.owner_profile === null) return undefined;
  const known = profileJson.get(row.owner_id);
  if (known && known.profile === row.owner_profile && known.name === row.owner_name) return known;
  const json = JSON.stringify(publicProfile(row.owner_id, row.owner_name, row.owner_profile));
  const entry = { name: row.owner_name, profile: row.owner_profile, json };
  profileJson.set(row.owner_id, entry);
  return entry;
}

/** An owner's public profile as JSON. */
export const ownerJson = (row: Pick<ProductDocRow, 'owner_id' | 'owner_name' | 'owner_profile'>): string | undefined => ownerProfile(row)?.json;

/** The same as UTF-8 bytes, kept beside the text. */
export function ownerBytes(row: Pick<ProductDocRow, 'owner_id' | 'owner_name' | 'owner_profile'>): Buffer | undefined {
  const known = ownerProfile(row);
  if (known) known.bytes ??= jsonBytes([known.json]);
  return known?.bytes;
}

export interface Spans {
  owner?: { start: number; end: number };
  gallery?: { start: number; end: number; images: (string | ImageObject)[] };
}

const OWNER_KEY = '"rent_owner":';

/**
 * Where the owner and the gallery are in a stored document, as text or as its UTF-8 bytes
 * (offsets in characters or in bytes): the markers are ASCII, and no byte of a multi-byte
 * character is, so each is found where the text has it.
 */
export function findSpans(row: { owner_id: string | null; doc: string | Buffer }): Spans | undefined {
  const doc = row.doc;
  const spans: Spans = {};
  if (row.owner_id) {
    const marker = `${OWNER_KEY}${JSON.stringify(row.owner_id)}`;
    const start = doc.indexOf(OWNER_KEY);
    const end = start + (typeof doc === 'string' ? marker.length : Buffer.byteLength(marker));
    if (start < 0 || end > doc.length || textOf(doc, start, end) !== marker) return undefined;
    spans.owner = { start: start + OWNER_KEY.length, end };
  }
  const galleryAt = doc.indexOf(GALLERY_START, spans.owner?.end ?? 0);
  if (galleryAt < 0) return undefined;
  const start = galleryAt + GALLERY_START.length;
  const end = doc.indexOf(GALLERY_END, start);
  if (end < 0) return undefined;
  try {
    const images = JSON.parse(textOf(doc, start, end)) as unknown;
    if (!Array.isArray(images)) return undefined;
    spans.gallery = { start, end, images: images as (string | ImageObject)[] };
  } catch {
    return undefined;
  }
  return spans;
}

const textOf = (doc: string | Buffer, start: number, end: number): string => (typeof doc === 'string' ? doc.slice(start, end) : doc.toString('utf8', start, end));

/**
 * Each image's JSON, and its UTF-8 bytes once a page spliced from bytes asked for them, kept
 * while the media cache holds that object (a changed image is a new object).
 */
const imageJson = new WeakMap<MediaImage, { json: string; bytes?: Buffer }>();

/** The media document a gallery entry names, if the media cache has it, with its kept JSON. */
function knownImage(image: string | ImageObject, media: Map<string, MediaImage>): { json: string; bytes?: Buffer } | undefined {
  const found = typeof image === 'string' ? media.get(image) : undefined;
  if (found === undefined) return undefined;
  let known = imageJson.get(found);
  if (known === undefined) {
    known = { json: JSON.stringify(found) };
    imageJson.set(found, known);
  }
  return known;
}

/** A gallery entry's JSON: the media document for an id the media cache has, else the entry as it is stored. */
const imageJsonOf = (image: string | ImageObject, media: Map<string, MediaImage>): string => knownImage(image, media)?.json ?? JSON.stringify(image);

/** The same as UTF-8 bytes, kept beside the text for a media document. */
export function imageBytesOf(image: string | ImageObject, media: Map<string, MediaImage>): Buffer {
  const known = knownImage(image, media);
  if (known === undefined) return jsonBytes([JSON.stringify(image)]);
  known.bytes ??= jsonBytes([known.json]);
  return known.bytes;
}

/** The gallery with its image ids filled in, as JSON: the same text as stringifying the filled-in array. */
export const galleryJson = (images: (string | ImageObject)[], media: Map<string, MediaImage>): string => `[${images.map((image) => imageJsonOf(image, media)).join(',')}]`;

/** What goes into a document's spans, as text or as bytes: the owner's profile, and the gallery as consecutive parts. */
export interface SpanFill<P> {
  owner(row: Pick<ProductDocRow, 'owner_id' | 'owner_name' | 'owner_profile'>): P | undefined;
  gallery(images: (string | ImageObject)[], media: Map<string, MediaImage>): P[];
}

const textFill: SpanFill<string> = { owner: ownerJson, gallery: (images, media) => [galleryJson(images, media)] };

/**
 * The document with owner and gallery filled in, as consecutive parts: pieces of the document
 * (text, or bytes, as `cut` takes them from it) and the parts `fill` writes into its spans.
 */
export function spliceParts<D extends string | Buffer, P>(
  row: Pick<ProductDocRow, 'owner_id' | 'owner_name' | 'owner_profile'> & { doc: D },
  spans: Spans,
  media: Map<string, MediaImage>,
  cut: (doc: D, start: number, end?: number) => D,
  fill: SpanFill<P>,
): (D | P)[] {
  const doc = row.doc;
  const parts: (D | P)[] = [];
  let at = 0;
  if (spans.owner) {
    const owner = fill.owner(row);
    if (owner !== undefined) {
      parts.push(cut(doc, at, spans.owner.start), owner);
      at = spans.owner.end;
    }
  }
  if (spans.gallery && spans.gallery.images.some((image) => typeof image === 'string')) {
    parts.push(cut(doc, at, spans.gallery.start), ...fill.gallery(spans.gallery.images, media));
    at = spans.gallery.end;
  }
  parts.push(at === 0 ? doc : cut(doc, at));
  return parts;
}

const cutText = (doc: string, start: number, end?: number) => doc.slice(start, end);

export type ImageLookup = (ids: string[]) => Promise<Map<string, MediaImage>>;

/** Response bodies (JSON bytes) of stored products at a depth, in row order; `images` resolves gallery ids. */
export async function renderBodies(rows: ProductDocRow[], depth: Depth, images: ImageLookup): Promise<Buffer[]> {
  if (depth === 0) return rows.map((row) => jsonBytes([row.doc]));
  const spans = rows.map(findSpans);
  const ids = spans.flatMap((span, index) =>
    namedGalleryIds(span ? span.gallery?.images : (JSON.parse((rows[index] as ProductDocRow).doc) as ProductDoc).gallery?.images),
  );
  const media = await images(ids);
  return rows.map((row, index) => {
    const span = spans[index];
    return jsonBytes(span ? spliceParts(row, span, media, cutText, textFill) : [JSON.stringify(populateRow(row, media))]);
  });
}
