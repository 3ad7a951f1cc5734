import type { BookingDoc, HistoryEntry } from '../../domain/bookings/booking-document.js';
import type { BookingStatus } from '../../domain/bookings/states.js';
import type { BookingChange } from '../../storage/bookings-repository.js';
import type { BookingData } from '../../config/types.js';
import type { JsonObject } from '../../domain/merge.js';

/** A booking after a change of status: one more history entry, `updatedAt` moved on. */
export function withStatus(doc: BookingDoc, status: BookingStatus, at: number, by: string, extra: { reason?: string; reservationId?: string | null } = {}): BookingDoc {
  const when = new Date(Math.max(at, Date.parse(doc.updatedAt) + 1)).toISOString();
  const entry: HistoryEntry = { status, at: when, by, ...(extra.reason !== undefined ? { reason: extra.reason } : {}) };
  const { id, product, owner, from, to, customer, quote, history, createdAt } = doc;
  const reservationId = extra.reservationId === undefined ? doc.reservationId : (extra.reservationId ?? undefined);
  // Key order as a new booking has it, reservationId after the quote.
  return {
    id, product, owner, from, to, status, customer, quote,
    ...(reservationId !== undefined ? { reservationId } : {}),
    history: [...history, entry],
    createdAt,
    updatedAt: when,
  };
}

/** The booking's part of a stored change: an answered request no longer expires. */
export const bookingWrite = (doc: BookingDoc): BookingChange['booking'] => ({ status: doc.status, updated_at: doc.updatedAt, doc: JSON.stringify(doc), expires_at: null });

/** A booking, or a request's fields, as the bookings hooks receive them. */
export const asHookData = (value: BookingDoc | JsonObject): BookingData => value as unknown as BookingData;
