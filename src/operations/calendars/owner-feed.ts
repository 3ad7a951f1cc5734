import { reservationUid, writeFeed, type FeedEntry } from '../../domain/calendar/write-feed.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { productFields } from '../../domain/product-fields.js';
import { parseAccessWhere } from '../../domain/where/parse-where.js';
import type { FieldDef } from '../../domain/where/types.js';
import { APIError, notFound } from '../../errors/api-error.js';
import type { Services } from '../context.js';
import { etagOf } from '../products/etag.js';
import type { Representation } from '../products/find-product.js';
import { loadAccount } from '../rents/find-accounts.js';
import { calendarTokenMatches } from './calendar-token.js';
import { ownReservations } from './feed-entries.js';

/** Products read per query while the feed is built. */
const PAGE = 500;

const noFeed = () => notFound('No calendar feed here: the URL is unknown or its token was replaced.');

/** Every product of the owner, in id order, a page of documents at a time. */
async function* ownedProducts(services: Services, ownerId: string): AsyncGenerator<ProductDoc> {
  const filter = { where: parseAccessWhere({ 'basic.rent_owner': { equals: ownerId } }, productFields) };
  const sort = [{ field: productFields.get('id') as FieldDef, descending: false }];
  for (let offset = 0; ; offset += PAGE) {
    const ids = await services.storage.products.pageIds(filter, sort, PAGE, offset);
    for (const row of await services.storage.products.getDocs(ids)) yield JSON.parse(row.doc) as ProductDoc;
    if (ids.length < PAGE) return;
  }
}

/**
 * GET /api/rents/:id/calendar.ics?token=…: the owner's private feed over all their products,
 * with each reservation's product name and note. Imported blocks are the other channels' and
 * stay out. A wrong, missing or replaced token is a 404, as is an unknown account.
 */
export async function ownerFeed(services: Services, rentId: string, token: unknown): Promise<Representation> {
  const account = await loadAccount(services, rentId).catch((error: unknown) => {
    if (error instanceof APIError && error.status === 404) return undefined;
    throw error;
  });
  if (!account || !(await calendarTokenMatches(services, account.id, token))) throw noFeed();
  const entries: (FeedEntry & { bookingId?: string })[] = [];
  for await (const doc of ownedProducts(services, account.id)) {
    for (const item of ownReservations(doc)) {
      entries.push({
        uid: reservationUid(doc.id, item.id),
        from: item.from,
        to: item.to,
        stamp: doc.updatedAt,
        summary: doc.basic.product_name,
        ...(typeof item.note === 'string' && item.note !== '' ? { description: item.note } : {}),
        ...(typeof item.bookingId === 'string' ? { bookingId: item.bookingId } : {}),
      });
    }
  }
  // A confirmed booking's reservation is shown with its customer's name (SPEC 10: this feed is the owner's alone).
  const customers = await services.storage.bookings.customerNames(entries.flatMap((entry) => (entry.bookingId ? [entry.bookingId] : [])));
  for (const entry of entries) {
    const customer = entry.bookingId ? customers.get(entry.bookingId) : undefined;
    if (customer) entry.summary = `${entry.summary} – ${customer}`;
    delete entry.bookingId;
  }
  const body = writeFeed(entries, `${account.rent_name_system}: reservations`);
  return { body, etag: etagOf(body) };
}
