import type { BookingServices } from './booking-services.js';
import type { BookingDoc, BookingProductSummary } from '../../domain/bookings/booking-document.js';
import type { Depth } from '../../domain/list-query.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import type { BookingRow } from '../../storage/bookings-repository.js';

/** A booking as answered: at depth 1 its product is the product's id, name and slug (its id alone if it was deleted). */
export type RenderedBooking = Omit<BookingDoc, 'product'> & { product: string | BookingProductSummary };

export const bookingDocOf = (row: Pick<BookingRow, 'doc'>): BookingDoc => JSON.parse(row.doc) as BookingDoc;

export async function renderBookings(services: BookingServices, docs: BookingDoc[], depth: Depth): Promise<RenderedBooking[]> {
  if (depth === 0 || docs.length === 0) return docs;
  const rows = await services.storage.products.getDocs([...new Set(docs.map((doc) => doc.product))]);
  const summaries = new Map<string, BookingProductSummary>();
  for (const row of rows) {
    const product = JSON.parse(row.doc) as ProductDoc;
    summaries.set(row.id, { id: product.id, basic: { product_name: product.basic.product_name }, settings: { slug: product.settings.slug } });
  }
  return docs.map((doc) => ({ ...doc, product: summaries.get(doc.product) ?? doc.product }));
}

export async function renderBooking(services: BookingServices, doc: BookingDoc, depth: Depth): Promise<RenderedBooking> {
  const [rendered] = await renderBookings(services, [doc], depth);
  return rendered as RenderedBooking;
}
