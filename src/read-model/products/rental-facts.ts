import type { Grant } from '../../operations/access.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { factsSize, rentalFactsOf, type RentalFacts } from '../../domain/rental/facts.js';
import { checkedAgainst, type RentalEntry } from './product-cache.js';
import type { ReadServices } from './read-services.js';

/** What an entry takes beside its facts: the entry, its key and its place in the cache. */
const ENTRY_BYTES = 160;

/**
 * A product's rental facts (quote and calendar, SPEC 8) if a reader with `grant` may read it;
 * undefined when it is missing or the grant hides it. Kept per product, parsed from the row
 * once; a filtered grant other than the one last checked against the product reads the row
 * again, as single reads do (read-product.ts). The cache's generation is taken before the
 * row is read, so facts read across a write of the product are not kept.
 */
export async function rentalFacts(services: ReadServices, id: string, grant: Grant): Promise<RentalFacts | undefined> {
  const cache = services.caches.rentals;
  const filter = grant.kind === 'filter' ? grant.where : undefined;
  const held = cache.get(id);
  if (held && (!filter || held.checked?.where === filter)) return !filter || held.checked?.visible ? held.facts : undefined;
  const readAt = cache.generation;
  const row = await services.storage.products.get(id);
  if (!row) return undefined;
  const entry: RentalEntry = { facts: rentalFactsOf(JSON.parse(row.doc) as ProductDoc), checked: filter ? checkedAgainst(filter, row) : held?.checked };
  cache.set(id, entry, ENTRY_BYTES + factsSize(entry.facts), readAt);
  return !filter || entry.checked?.visible ? entry.facts : undefined;
}
