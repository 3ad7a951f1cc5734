import { createHash } from 'node:crypto';
import type { ProductReadRow } from '../../storage/products-repository.js';
import type { Caller, Services } from '../context.js';
import { applyAfterRead } from './read-hooks.js';
import { renderProducts } from './render.js';

/** A strong ETag: a digest of the exact response bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The tags a client may hold for a product: its representations at depth 0 and 1. */
export async function currentEtags(services: Services, caller: Caller, row: ProductReadRow): Promise<Set<string>> {
  const tags = new Set<string>();
  for (const depth of [0, 1] as const) {
    const [doc] = await applyAfterRead(services, caller, await renderProducts(services, [row], depth));
    tags.add(etagOf(JSON.stringify(doc)));
  }
  return tags;
}

/** `If-Match: "a", W/"b"` or `*`, compared strongly as RFC 9110 requires for If-Match. */
export function ifMatchSatisfied(header: string, tags: Set<string>): boolean {
  const wanted = header.split(',').map((tag) => tag.trim());
  return wanted.some((tag) => tag === '*' || tags.has(tag));
}
