import type { NewEvent } from './outbox.js';
import { reservationEvent, type ProductEventSource } from './product-events.js';
import type { BookingsTable } from './schema.js';

/** A booking's statuses, each recorded as the event `booking.<status>`. */
type BookingEventType = 'booking.requested' | 'booking.confirmed' | 'booking.declined' | 'booking.cancelled' | 'booking.expired';

/**
 * `booking.<status>` with the booking as its owner reads it (depth 0, customer included). Never
 * public: only the product's owner, admins and their webhooks see it (SPEC 11).
 */
export const bookingEvent = (row: Pick<BookingsTable, 'status' | 'doc' | 'owner_id'>): NewEvent => ({
  type: `booking.${row.status}` as BookingEventType,
  data: row.doc,
  owner: row.owner_id,
  public: false,
});

/** The product's side of a confirmation or cancellation: `product.updated`, then the reservation added or released. */
export function bookingProductEvents(
  before: ProductEventSource['row'],
  after: ProductEventSource['row'],
  reservation: { added?: string; released?: string },
): NewEvent[] {
  const source: ProductEventSource = { row: after, reservations: [] };
  const events: NewEvent[] = [{ type: 'product.updated', data: after.doc, owner: after.owner_id, public: after.published === 1 }];
  const itemIn = (doc: string, id: string) =>
    (JSON.parse(doc) as { availability?: { reservationDates?: { id: string }[] } }).availability?.reservationDates?.find((item) => item.id === id) ?? { id };
  if (reservation.released !== undefined) events.push(reservationEvent('reservation.released', source, itemIn(before.doc, reservation.released)));
  if (reservation.added !== undefined) events.push(reservationEvent('reservation.created', source, itemIn(after.doc, reservation.added)));
  return events;
}
