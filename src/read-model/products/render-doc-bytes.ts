import type { Depth } from '../../domain/list-query.js';
import { namedGalleryIds } from '../../domain/product-validation.js';
import type { MediaImage } from '../../storage/media-repository.js';
import type { ProductBytesRow } from '../../storage/products-repository.js';
import type { ImageObject } from '../../domain/product-schema.js';
import { findSpans, imageBytesOf, ownerBytes, renderBodies, spliceParts, type ImageLookup, type SpanFill, type Spans } from './render-bodies.js';

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * The gallery as parts of bytes, each image's kept beside its JSON (imageBytesOf): a page of
 * 20 products wrote ~50 KB of gallery text, measured and encoded again for every page.
 */
function galleryBytes(images: (string | ImageObject)[], media: Map<string, MediaImage>): Buffer[] {
  const parts: Buffer[] = [OPEN];
  for (const image of images) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(imageBytesOf(image, media));
  }
  parts.push(CLOSE);
  return parts;
}

const bytesFill: SpanFill<Buffer> = { owner: ownerBytes, gallery: galleryBytes };

/** The body: the document's bytes with the owner and the gallery written in their spans. */
function spliceBytes(row: ProductBytesRow, spans: Spans, media: Map<string, MediaImage>): Buffer {
  const parts = spliceParts(row, spans, media, (doc, start, end) => doc.subarray(start, end), bytesFill);
  if (parts.length === 1) return row.doc;
  let length = 0;
  for (const part of parts) length += part.length;
  const body = Buffer.allocUnsafeSlow(length);
  let written = 0;
  for (const part of parts) written += part.copy(body, written);
  return body;
}

/**
 * The same bodies as renderBodies, byte for byte, from documents read as bytes
 * (getDocBytes): the document's bytes are copied around the two spans, with no string made
 * of them. A document not in the expected shape is decoded and rendered the general way.
 */
export async function renderDocBytes(rows: ProductBytesRow[], depth: Depth, images: ImageLookup): Promise<Buffer[]> {
  if (depth === 0) return rows.map((row) => row.doc);
  const spans = rows.map(findSpans);
  const ids = spans.flatMap((span) => (span ? namedGalleryIds(span.gallery?.images) : []));
  const media = await images(ids);
  const bodies: Buffer[] = [];
  for (const [index, row] of rows.entries()) {
    const span = spans[index];
    bodies.push(span ? spliceBytes(row, span, media) : ((await renderBodies([{ ...row, doc: row.doc.toString('utf8') }], depth, images))[0] as Buffer));
  }
  return bodies;
}
