import type { ProductDoc, ReservationItem } from '../../domain/product-schema.js';

/** Imported blocks carry this `source`; they are the other channel's to publish, never exported again (no loops between channels). */
export const IMPORTED_SOURCE = 'ical';

/** A product's own reservations (confirmed bookings' among them), not blocks imported from other calendars. */
export const ownReservations = (doc: ProductDoc): ReservationItem[] =>
  (doc.availability?.reservationDates ?? []).filter((item) => item.source !== IMPORTED_SOURCE);
