import type { ProductDoc, ReservationItem } from '../../domain/product-schema.js';
import { isImported } from '../../domain/reservation-conflicts.js';

/**
 * A product's own reservations (confirmed bookings' among them), not blocks imported from
 * other calendars: those are the other channel's to publish, never exported again (no loops
 * between channels).
 */
export const ownReservations = (doc: ProductDoc): ReservationItem[] => (doc.availability?.reservationDates ?? []).filter((item) => !isImported(item));
