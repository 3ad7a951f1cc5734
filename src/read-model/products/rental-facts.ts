import type { Grant } from '../../operations/access.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { rentalFactsOf, type RentalFacts } from '../../domain/rental/facts.js';
import { checkedAgainst, entrySize, productEntry } from './product-cache.js';
import type { ReadServices } from './read-services.js';

/** A stored row's rental facts, parsed from its document. */
export const rowFacts = (row: { doc: string }): RentalFacts => rentalFactsOf(JSON.parse(row.doc) as ProductDoc);

/**
 * A product's rental facts (quote and calendar, SPEC 8) if a reader with `grant` may read it;
 * undefined when it is missing or the grant hides it. Kept with the product's cache entry,
 * parsed from its row once; a filtered grant other than the one last checked against the
 * product reads the row again, as single reads do (read-product.ts). The cache's generation
 * is taken before the row is read, so facts read across a write of the product are not kept;
 * the entry found afterwards is copied, not changed, so a refused one leaves nothing behind.
 */
export async function rentalFacts(services: ReadServices, id: string, grant: Grant): Promise<RentalFacts | undefined> {
  const cache = services.caches.products;
  const filter = grant.kind === 'filter' ? grant.where : undefined;
  const held = cache.get(id);
  if (held?.rental && (!filter || held.checked?.where === filter)) return !filter || held.checked?.visible ? held.rental : undefined;
  const readAt = cache.generation;
  const row = await services.storage.products.get(id);
  if (!row) return undefined;
  const rental = rowFacts(row);
  const checked = filter ? checkedAgainst(filter, row) : undefined;
  const entry = { ...(cache.get(id) ?? productEntry(undefined)), rental };
  if (checked) entry.checked = checked;
  cache.set(id, entry, entrySize(entry), readAt);
  return !filter || checked?.visible ? rental : undefined;
}
