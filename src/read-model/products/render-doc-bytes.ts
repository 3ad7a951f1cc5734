import type { Depth } from '../../domain/list-query.js';
import type { ImageObject } from '../../domain/product-schema.js';
import { namedGalleryIds } from '../../domain/product-validation.js';
import type { MediaImage } from '../../storage/media-repository.js';
import type { ProductBytesRow } from '../../storage/products-repository.js';
import { GALLERY_END, GALLERY_START, galleryJson, ownerJson, renderBodies, type ImageLookup } from './render-bodies.js';

const OWNER_KEY = Buffer.from('"rent_owner":');
const GALLERY_START_BYTES = Buffer.from(GALLERY_START);
const GALLERY_END_BYTES = Buffer.from(GALLERY_END);

interface ByteSpans {
  owner?: { start: number; end: number };
  gallery?: { start: number; end: number; images: (string | ImageObject)[] };
}

/**
 * renderBodies' spans (see render-bodies.ts), found in the document's UTF-8 bytes: its markers
 * are ASCII, and no byte of a multi-byte character is, so each is found where the text has it.
 */
function findByteSpans(row: ProductBytesRow): ByteSpans | undefined {
  const doc = row.doc;
  const spans: ByteSpans = {};
  if (row.owner_id) {
    const marker = Buffer.from(`"rent_owner":${JSON.stringify(row.owner_id)}`);
    const start = doc.indexOf(OWNER_KEY);
    if (start < 0 || start + marker.length > doc.length || doc.compare(marker, 0, marker.length, start, start + marker.length) !== 0) return undefined;
    spans.owner = { start: start + OWNER_KEY.length, end: start + marker.length };
  }
  const galleryAt = doc.indexOf(GALLERY_START_BYTES, spans.owner?.end ?? 0);
  if (galleryAt < 0) return undefined;
  const start = galleryAt + GALLERY_START_BYTES.length;
  const end = doc.indexOf(GALLERY_END_BYTES, start);
  if (end < 0) return undefined;
  try {
    const images = JSON.parse(doc.toString('utf8', start, end)) as unknown;
    if (!Array.isArray(images)) return undefined;
    spans.gallery = { start, end, images: images as (string | ImageObject)[] };
  } catch {
    return undefined;
  }
  return spans;
}

/** The body: the document's bytes with the owner and the gallery written in their spans. */
function spliceBytes(row: ProductBytesRow, spans: ByteSpans, media: Map<string, MediaImage>): Buffer {
  const doc = row.doc;
  const parts: (Buffer | string)[] = [];
  let at = 0;
  if (spans.owner) {
    const owner = ownerJson(row);
    if (owner !== undefined) {
      parts.push(doc.subarray(at, spans.owner.start), owner);
      at = spans.owner.end;
    }
  }
  if (spans.gallery && spans.gallery.images.some((image) => typeof image === 'string')) {
    parts.push(doc.subarray(at, spans.gallery.start), galleryJson(spans.gallery.images, media));
    at = spans.gallery.end;
  }
  if (at === 0) return doc;
  parts.push(doc.subarray(at));
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part, 'utf8') : part.length;
  const body = Buffer.allocUnsafeSlow(length);
  let written = 0;
  for (const part of parts) written += typeof part === 'string' ? body.write(part, written, 'utf8') : part.copy(body, written);
  return body;
}

/**
 * The same bodies as renderBodies, byte for byte, from documents read as bytes
 * (getDocBytes): the document's bytes are copied around the two spans, with no string made
 * of them. A document not in the expected shape is decoded and rendered the general way.
 */
export async function renderDocBytes(rows: ProductBytesRow[], depth: Depth, images: ImageLookup): Promise<Buffer[]> {
  if (depth === 0) return rows.map((row) => row.doc);
  const spans = rows.map(findByteSpans);
  const ids = spans.flatMap((span) => (span ? namedGalleryIds(span.gallery?.images) : []));
  const media = await images(ids);
  const bodies: Buffer[] = [];
  for (const [index, row] of rows.entries()) {
    const span = spans[index];
    bodies.push(span ? spliceBytes(row, span, media) : ((await renderBodies([{ ...row, doc: row.doc.toString('utf8') }], depth, images))[0] as Buffer));
  }
  return bodies;
}
