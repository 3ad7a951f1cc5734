/** The event types of SPEC section 11, in its order. */
export const EVENT_TYPES = [
  'product.created',
  'product.updated',
  'product.deleted',
  'reservation.created',
  'reservation.released',
  'booking.requested',
  'booking.confirmed',
  'booking.declined',
  'booking.cancelled',
  'booking.expired',
  'media.created',
  'media.deleted',
  'calendar.synced',
  'calendar.failed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: unknown): value is EventType => (EVENT_TYPES as readonly unknown[]).includes(value);

/** Types anonymous callers may see (of published products only): the catalogue's and availability's. */
export const isCatalogueEvent = (type: string): boolean => type.startsWith('product.') || type.startsWith('reservation.');
