import type { BookingServices } from './booking-services.js';
import type { AccessFunction } from '../../config/types.js';
import { bookingFields, type BookingDoc } from '../../domain/bookings/booking-document.js';
import type { Actor } from '../../domain/bookings/states.js';
import { matches } from '../../domain/where/matches.js';
import { APIError } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import { bookingTokenMatches } from '../../auth/booking-token.js';
import type { BookingRow } from '../../storage/bookings-repository.js';
import { evaluateAccess, type Grant } from '../access.js';
import type { Caller } from '../context.js';

export const missingBooking = (id: string) => Errors.BOOKING_NOT_FOUND(id);

export const bookingGrant = (rule: AccessFunction | undefined, caller: Caller, doc?: BookingDoc): Promise<Grant> =>
  evaluateAccess(rule, { user: caller.user, id: doc?.id, doc: doc as unknown as Record<string, unknown> | undefined }, bookingFields);

/** Whether a rule lets the caller at one booking (a refusal is a no, not an error). */
async function allows(rule: AccessFunction | undefined, caller: Caller, row: BookingRow, doc: BookingDoc): Promise<boolean> {
  try {
    const grant = await bookingGrant(rule, caller, doc);
    return grant.kind === 'all' || matches(grant.where, row as unknown as Record<string, string | number | null>);
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}

/** Whether `token` is the booking's customer's (a wrong or missing one is not). */
const holdsToken = (row: BookingRow, token: unknown): boolean => token !== undefined && bookingTokenMatches(token, row.token_hash);

/** Who is asking about a booking: its staff (owner or admin, by `access.bookings.update`), a reader, its customer (the token), or nobody. */
export type Standing = { actor: Actor } | { actor: 'reader' } | { actor: 'none' };

/**
 * How the caller stands to one booking. A valid token makes the customer; a wrong one counts
 * for nothing, so that it answers exactly as a missing booking does (404).
 */
export async function standingOf(services: BookingServices, caller: Caller, row: BookingRow, doc: BookingDoc, token: unknown): Promise<Standing> {
  const access = services.config.access.bookings;
  if (await allows(access.update, caller, row, doc)) return { actor: 'staff' };
  if (holdsToken(row, token)) return { actor: 'customer' };
  if (await allows(access.read, caller, row, doc)) return { actor: 'reader' };
  return { actor: 'none' };
}

/**
 * Whether the caller may read one booking: its customer (the token), or anyone
 * `access.bookings.read` lets at it. Answering it (`update`) is not reading it: a read filter
 * hides a booking from its staff too, in lists and by id alike (SPEC 6: hidden documents 404).
 */
export async function mayRead(services: BookingServices, caller: Caller, row: BookingRow, doc: BookingDoc, token: unknown): Promise<boolean> {
  return holdsToken(row, token) || allows(services.config.access.bookings.read, caller, row, doc);
}
