import type { BookingServices } from '../bookings/booking-services.js';
import { Errors } from '../../errors/codes.js';
import { isValidId } from '../../domain/ids.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import type { RentalFacts } from '../../domain/rental/facts.js';
import type { Caller, Services } from '../context.js';
import { productGrant } from '../products/product-access.js';
import { rowMatches } from '../../read-model/products/product-filter.js';

/** What the quote and the calendar read with. */
export type RentalServices = Pick<Services, 'config' | 'jobs' | 'readModel'>;

/** A product as the rental endpoints read it: its stored document, if the caller may read it (else 404, as a read is). */
export async function readableProduct(services: BookingServices, caller: Caller, id: string): Promise<ProductDoc> {
  const missing = () => Errors.PRODUCT_NOT_FOUND(id);
  if (!isValidId(id)) throw missing();
  const grant = await productGrant(services.config.access.products.read, { user: caller.user, id });
  // The row by its prepared statement and the access filter checked in memory, as cached
  // reads check it: a filter compiled to SQL on every request cost more than the rest.
  const row = await services.storage.products.get(id);
  if (!row || (grant.kind === 'filter' && !rowMatches(grant.where, row))) throw missing();
  return JSON.parse(row.doc) as ProductDoc;
}

/** A product's rental facts (kept parsed by the read model), if the caller may read the product (else 404, as a read is). */
export async function readableFacts(services: RentalServices, caller: Caller, id: string): Promise<RentalFacts> {
  if (!isValidId(id)) throw Errors.PRODUCT_NOT_FOUND(id);
  const grant = await productGrant(services.config.access.products.read, { user: caller.user, id });
  const facts = await services.readModel.rentalFacts(id, grant);
  if (!facts) throw Errors.PRODUCT_NOT_FOUND(id);
  return facts;
}
