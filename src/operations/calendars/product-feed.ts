import { reservationUid, writeFeed } from '../../domain/calendar/write-feed.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import type { Caller, Services } from '../context.js';
import { readProduct, type Representation } from '../products/find-product.js';
import { etagOf } from '../products/etag.js';
import { ownReservations } from './feed-entries.js';

/**
 * GET /api/products/:id/calendar.ics: the product's reservations as a feed anyone who may read
 * the product may subscribe to. Nothing personal: `SUMMARY:Reserved`, times and UIDs only.
 */
export async function productFeed(services: Services, caller: Caller, id: string): Promise<Representation> {
  // The product as the caller may read it (404 otherwise), through the same access rule and cache.
  const read = await readProduct(services, caller, id, 0);
  const doc = JSON.parse(read.body.toString()) as ProductDoc;
  const body = writeFeed(
    ownReservations(doc).map((item) => ({ uid: reservationUid(doc.id, item.id), from: item.from, to: item.to, stamp: doc.updatedAt, summary: 'Reserved' })),
  );
  return { body, etag: etagOf(body) };
}
