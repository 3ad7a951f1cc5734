import type { BookingDoc } from './booking-document.js';

/**
 * The columns of a bookings CSV export: the paths of a booking's fields, in the order a
 * booking shows them (docs/import-export.md). A missing or null value is an empty cell, a
 * number its JSON text, and the history (a list) JSON in one cell, as the products export
 * writes its lists.
 */
export const BOOKING_COLUMNS: readonly string[] = [
  'id',
  'product',
  'owner',
  'from',
  'to',
  'status',
  'customer.name',
  'customer.email',
  'customer.phone',
  'customer.note',
  'quote.units',
  'quote.time_unit',
  'quote.unitPrice',
  'quote.price',
  'quote.caution',
  'quote.total',
  'reservationId',
  'history',
  'createdAt',
  'updatedAt',
];

function valueAt(doc: BookingDoc, path: string): unknown {
  let value: unknown = doc;
  for (const key of path.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** A booking's cells, one per column; undefined for an empty one. */
export function bookingCells(doc: BookingDoc): (string | undefined)[] {
  return BOOKING_COLUMNS.map((path) => {
    const value = valueAt(doc, path);
    if (value === undefined || value === null) return undefined;
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}
