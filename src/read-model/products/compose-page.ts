import type { ListQuery } from '../../domain/list-query.js';
import { paginate } from '../../operations/list-page.js';
import { compose, type CopyPart } from '../../operations/output-buffer.js';
import { BodyFile, type KeptBody } from '../body-file.js';
import { bodyAt, type ProductCaches, type ProductEntry } from './product-cache.js';
import type { ReadServices } from './read-services.js';
import { galleryImages } from './render.js';
import { renderBodies } from './render-bodies.js';
import { renderDocBytes } from './render-doc-bytes.js';

const COMMA = Buffer.from(',');
const copyFrom = (file: BodyFile): CopyPart<KeptBody> => (part, target, at) => file.copy(part, target, at);
const DOCS_OPEN = Buffer.from('{"docs":[');
/** A pageDocs entry's bytes beside its key and body (an estimate). */
const ENTRY_OVERHEAD = 128;

/**
 * A list page's bytes: the envelope around the bodies of `ids` (those that exist). Its docs
 * array is kept (`pageDocs`, once `admitted`) until a write changes what it shows, so the same
 * products again cost one copy instead of one per product (the 20 bodies of a page come from
 * as many places in the body file). Filters bounded on the sorted field share it: every price
 * bound above the twentieth-cheapest gives the same first page.
 */
export async function composePage(services: ReadServices, ids: string[], query: ListQuery, totalDocs: number): Promise<Buffer> {
  const { pageDocs, bodies: file } = services.caches;
  const { docs: _docs, ...rest } = paginate([], totalDocs, query.limit, query.page);
  const close = Buffer.from(`],${JSON.stringify(rest).slice(1)}`);
  // The same products in the same order make the same docs: pages of several filters may share them.
  const key = `${query.depth}|${ids.join(',')}`;
  const kept = ids.length > 0 ? pageDocs.get(key) : undefined;
  const again = kept && compose([DOCS_OPEN, kept, close], copyFrom(file));
  if (again) return again;
  const readAt = pageDocs.generation;
  const page = await composeFromBodies(services, ids, query.depth, close);
  if (ids.length > 0) {
    const length = page.length - close.length - DOCS_OPEN.length;
    const entry = { size: file.memoryToKeep(length) + key.length + ENTRY_OVERHEAD, length };
    if (admitted(services.caches, key, entry, Math.ceil(totalDocs / query.limit))) {
      const docs = file.keep(Buffer.from(page.subarray(DOCS_OPEN.length, DOCS_OPEN.length + length)));
      pageDocs.set(key, docs, BodyFile.memoryOf(docs) + key.length + ENTRY_OVERHEAD, readAt);
    }
  }
  return page;
}

/**
 * Whether a page's docs are kept: at once when every page of its list could be (in the page
 * cache, and in half the body file), else on their second sighting (see Doorkeeper). At
 * 1,000,000 products the published list has ~35,000 pages of ~90 KB, 3 GB where the file
 * holds 1: a random page was almost always a first visit, and keeping each one cost a copy
 * and a write of its bytes, and pushed out pages that might have been asked for again.
 */
function admitted(
  caches: Pick<ProductCaches, 'pageDocs' | 'pageSightings' | 'bodies'>,
  key: string,
  entry: { size: number; length: number },
  pages: number,
): boolean {
  const { pageDocs, pageSightings, bodies } = caches;
  const whole = pages * entry.size <= pageDocs.capacity && (bodies.capacity === 0 || pages * entry.length <= bodies.capacity / 2);
  return whole || pageSightings.seen(key);
}

/**
 * A page composed body by body, from the product cache where it holds them, the rest read in
 * one query (as bytes) and rendered. Those are not kept one by one: the page's docs keep them. Written
 * into the body file each again, deep pages wrote twice their bytes, and in a steady run the
 * file went round over pages still in use (~7 % of pages were composed again). Single reads
 * keep the bodies they render. The page is composed with no wait after the last read, so the
 * bodies found held in the body file are still there, unless one was written over while this
 * request waited: then it is rendered too, and held by this request, until every body is at hand.
 */
async function composeFromBodies(services: ReadServices, ids: string[], depth: ListQuery['depth'], close: Buffer): Promise<Buffer> {
  const { products: cache, bodies: file } = services.caches;
  const rendered = new Map<string, Buffer>();
  for (;;) {
    const entries = new Map<string, ProductEntry>();
    for (const id of ids) {
      const hit = cache.get(id);
      if (hit) entries.set(id, hit);
    }
    const held = (id: string) => {
      const entry = entries.get(id);
      const body = entry && bodyAt(entry, depth);
      return rendered.has(id) || (body !== undefined && file.holds(body));
    };
    const unread = ids.filter((id) => !held(id) && !entries.get(id)?.row);
    // Read as bytes: the bodies are spliced out of them without decoding the documents (render-doc-bytes.ts).
    const read = new Map((await services.storage.products.getDocBytes(unread)).map((row) => [row.id, row]));
    const readRows = ids.flatMap((id) => (held(id) ? [] : (read.get(id) ?? [])));
    const entryRows = ids.flatMap((id) => (held(id) || read.has(id) ? [] : (entries.get(id)?.row ?? [])));
    const images = (imageIds: string[]) => galleryImages(services, imageIds);
    // Kept as part of the page's docs only (see composePage), not each again in the body file.
    const keep = (rows: { id: string }[], bodies: Buffer[]) => rows.forEach((row, index) => rendered.set(row.id, bodies[index] as Buffer));
    if (readRows.length > 0) keep(readRows, await renderDocBytes(readRows, depth, images));
    if (entryRows.length > 0) keep(entryRows, await renderBodies(entryRows, depth, images));
    const parts: KeptBody[] = [DOCS_OPEN];
    for (const id of ids) {
      const entry = entries.get(id);
      const body = rendered.get(id) ?? (entry && bodyAt(entry, depth));
      if (body === undefined) continue;
      if (parts.length > 1) parts.push(COMMA);
      parts.push(body);
    }
    parts.push(close);
    const page = compose(parts, copyFrom(file));
    if (page) return page;
  }
}
