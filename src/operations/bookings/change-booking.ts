import type { BookingServices } from './booking-services.js';
import { BookingActionSchema } from '../../domain/bookings/booking-schema.js';
import type { BookingDoc } from '../../domain/bookings/booking-document.js';
import { ACTION_STATUS, isTransition, type Actor, type BookingAction, type BookingStatus } from '../../domain/bookings/states.js';
import { generateId, isValidId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import { isPlainObject, type JsonObject } from '../../domain/merge.js';
import type { ProductDoc, ReservationItem } from '../../domain/product-schema.js';
import { productRules } from '../../domain/rental/rules.js';
import { OVERLAP_MESSAGE, overlapsReservations, ruleViolations } from '../../domain/rental/quote.js';
import { compileSchema } from '../../domain/schema-validator.js';
import { nextTimestamp } from '../../domain/timestamps.js';
import { withCodes, APIError, ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import type { BookingChange, BookingRow, LockedProduct } from '../../storage/bookings-repository.js';
import { denied } from '../access.js';
import type { Caller } from '../context.js';
import { runHooks, transformThrough } from '../hooks.js';
import { toRecord } from '../../storage/product-record.js';
import { reservationsOf } from '../../domain/rental/facts.js';
import { missingBooking, standingOf } from './booking-access.js';
import { bookingDocOf, renderBooking, type RenderedBooking } from './render-bookings.js';
import { asHookData, bookingWrite, withStatus } from './transitions.js';

const checkAction = compileSchema(BookingActionSchema);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A 409 naming every field it is about. */
function conflicts(items: ErrorItem[]): APIError {
  const first = items[0] ?? { message: 'Conflict.' };
  const error = Errors.BOOKING_UNAVAILABLE(first.message, first.field);
  (error as { items: ErrorItem[] }).items = withCodes(items.map((item) => ({ code: Errors.BOOKING_UNAVAILABLE.code, ...item })), 409);
  return error;
}

const notNow = (from: BookingStatus, to: BookingStatus) => Errors.BOOKING_STATE(from, to);

/** `{action, reason?}` from the body, the action also from `?action=`. */
export function parseBookingAction(body: unknown, queryAction: unknown): { action: BookingAction; reason?: string } {
  if (body !== undefined && !isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  const args: JsonObject = { ...(body ?? {}) };
  if (queryAction !== undefined) {
    if (typeof queryAction !== 'string' || queryAction === '') throw Errors.BOOKING_ACTION_INVALID();
    args.action = queryAction;
  }
  const errors = checkAction(args);
  if (errors.length > 0) throw new ValidationError(errors);
  return args as { action: BookingAction; reason?: string };
}

/** The product side of a confirmation: the rules and the overlap checked again, then a reservation added. */
function confirmOnProduct(booking: BookingRow, doc: BookingDoc, locked: LockedProduct | undefined, now: number): { product: NonNullable<BookingChange['product']>; reservationId: string } {
  if (!locked) throw Errors.BOOKING_PRODUCT_GONE();
  const product = JSON.parse(locked.doc) as ProductDoc;
  const rules = productRules(product);
  const interval = { start: booking.starts_at, end: booking.ends_at };
  // The lead time counts from the request; the other rules as the product states them now.
  const broken = ruleViolations({ interval, fromIsDate: DATE.test(doc.from), now: Date.parse(doc.createdAt), rules });
  if (broken.length > 0) throw conflicts(broken);
  if (overlapsReservations(interval, reservationsOf(product).map((r) => r.interval), rules)) throw Errors.BOOKING_UNAVAILABLE(`${OVERLAP_MESSAGE} It was taken meanwhile.`, 'from');
  const reservationId = generateId(now);
  const item: ReservationItem = { id: reservationId, from: doc.from, to: doc.to, bookingId: doc.id };
  const next: ProductDoc = {
    ...product,
    availability: { ...product.availability, reservationDates: [...(product.availability?.reservationDates ?? []), item] },
    updatedAt: nextTimestamp(product.updatedAt),
  };
  const record = toRecord(next);
  const add = record.reservations.find((reservation) => reservation.id === reservationId);
  if (!add) throw new Error('the new reservation is missing from its record');
  return { product: { version: locked.version, doc: record.row.doc, updated_at: next.updatedAt, add }, reservationId };
}

/** The product side of cancelling a confirmed booking: its reservation released, if the owner has not already. */
function releaseOnProduct(doc: BookingDoc, locked: LockedProduct | undefined): BookingChange['product'] {
  if (!locked || doc.reservationId === undefined) return undefined;
  const product = JSON.parse(locked.doc) as ProductDoc;
  const items = product.availability?.reservationDates ?? [];
  if (!items.some((item) => item.id === doc.reservationId)) return undefined;
  const next: ProductDoc = { ...product, availability: { ...product.availability, reservationDates: items.filter((item) => item.id !== doc.reservationId) }, updatedAt: nextTimestamp(product.updatedAt) };
  return { version: locked.version, doc: toRecord(next).row.doc, updated_at: next.updatedAt, remove: doc.reservationId };
}

type Outcome = { kind: 'changed'; doc: BookingDoc; previous: BookingDoc } | { kind: 'expired'; doc: BookingDoc; previous: BookingDoc };

/** The expiry of an open request whose time ran out, as the service makes it. */
export function expiryOf(booking: BookingRow, now: number): { change: BookingChange; outcome: Outcome } | undefined {
  if (booking.status !== 'requested' || booking.expires_at === null || booking.expires_at > now) return undefined;
  const previous = bookingDocOf(booking);
  const doc = withStatus(previous, 'expired', now, 'service');
  return { change: { booking: bookingWrite(doc) }, outcome: { kind: 'expired', doc, previous } };
}

/**
 * POST /api/bookings/:id `{action, reason?}` (SPEC 9): confirm and decline for the owner or an
 * admin, cancel for them or the customer's token before the rental starts. The change and what
 * it does to the product happen in one transaction (storage/bookings-repository.ts: change).
 */
export async function changeBooking(
  services: BookingServices,
  caller: Caller,
  id: string,
  input: { body: unknown; queryAction: unknown; token: unknown; depth: Depth },
): Promise<RenderedBooking> {
  const now = services.jobs.clock.now();
  const { action, reason } = parseBookingAction(input.body, input.queryAction);
  const row = isValidId(id) ? await services.storage.bookings.get(id) : undefined;
  if (!row) throw missingBooking(id);
  const doc = bookingDocOf(row);
  const standing = await standingOf(services, caller, row, doc, input.token);
  if (standing.actor === 'none') throw missingBooking(id);
  if (standing.actor === 'reader') throw denied(caller.user);
  const actor: Actor = standing.actor;
  if (actor === 'customer' && action !== 'cancel') throw Errors.BOOKING_CUSTOMER_CANCEL_ONLY();
  const target = ACTION_STATUS[action];
  const by = actor === 'customer' ? 'customer' : (caller.user?.id ?? 'staff');
  const hooks = services.config.hooks.bookings;
  // Before the transaction, which must not wait on a hook: the hook may refuse (throw); what it returns is not used.
  if (hooks.beforeChange && isTransition(doc.status, target)) {
    const data = withStatus(doc, target, now, by, reason !== undefined ? { reason } : {});
    await transformThrough(hooks.beforeChange, { data: asHookData(data), originalDoc: asHookData(doc), operation: 'update' as const, user: caller.user }, 'data');
  }

  // No in-process queue (productLocks): the database's locks alone decide, as they must between instances.
  const outcome = await services.storage.bookings.change<Outcome>(id, doc.product, async ({ booking, product }) => {
    const expired = expiryOf(booking, now);
    if (expired) return { change: expired.change, result: expired.outcome };
    const current = bookingDocOf(booking);
    if (!isTransition(current.status, target)) throw notNow(current.status, target);
    if (actor === 'customer' && now >= booking.starts_at) throw Errors.BOOKING_STARTED();
    const note = reason !== undefined ? { reason } : {};
    if (target === 'confirmed') {
      const confirmed = confirmOnProduct(booking, current, product, now);
      const next = withStatus(current, 'confirmed', now, by, { ...note, reservationId: confirmed.reservationId });
      return { change: { booking: bookingWrite(next), product: confirmed.product }, result: { kind: 'changed', doc: next, previous: current } };
    }
    const next = withStatus(current, target, now, by, { ...note, ...(target === 'cancelled' ? { reservationId: null } : {}) });
    const released = target === 'cancelled' && current.status === 'confirmed' ? releaseOnProduct(current, product) : undefined;
    return { change: { booking: bookingWrite(next), ...(released ? { product: released } : {}) }, result: { kind: 'changed', doc: next, previous: current } };
  });
  if (!outcome) throw missingBooking(id);
  await runHooks(hooks.afterChange, { doc: asHookData(outcome.doc), previousDoc: asHookData(outcome.previous), operation: 'update' as const, user: outcome.kind === 'expired' ? null : caller.user });
  if (outcome.kind === 'expired') throw notNow('expired', target);
  return renderBooking(services, outcome.doc, input.depth);
}
