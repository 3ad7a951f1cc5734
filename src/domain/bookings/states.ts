/** The life of a booking (SPEC 9): every allowed change of status, and who may make it. */

export const BOOKING_STATUSES = ['requested', 'confirmed', 'declined', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What a caller asks for with `POST /api/bookings/:id`. */
export const BOOKING_ACTIONS = ['confirm', 'decline', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** Who changes a status: the product's owner or an admin, the customer's token, or the service itself. */
export type Actor = 'staff' | 'customer' | 'service';

/** The status each action leads to. */
export const ACTION_STATUS: Record<BookingAction, BookingStatus> = { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' };

/** The table of SPEC 9: from → to → who may. Anything not here is a 409. */
const TRANSITIONS: Partial<Record<BookingStatus, Partial<Record<BookingStatus, readonly Actor[]>>>> = {
  requested: { confirmed: ['staff'], declined: ['staff'], cancelled: ['staff', 'customer'], expired: ['service'] },
  confirmed: { cancelled: ['staff', 'customer'] },
};

/** Whether the table has a change from one status to another at all. */
export const isTransition = (from: BookingStatus, to: BookingStatus): boolean => TRANSITIONS[from]?.[to] !== undefined;

/** Whether `actor` may change `from` into `to` (the customer only before the rental starts: checked by the caller). */
export const mayTransition = (from: BookingStatus, to: BookingStatus, actor: Actor): boolean => TRANSITIONS[from]?.[to]?.includes(actor) ?? false;

export const isBookingAction = (value: unknown): value is BookingAction => typeof value === 'string' && (BOOKING_ACTIONS as readonly string[]).includes(value);
