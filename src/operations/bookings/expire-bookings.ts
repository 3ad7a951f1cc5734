import type { BookingServices } from './booking-services.js';
import { runHooks } from '../hooks.js';
import { expiryOf } from './change-booking.js';
import { asHookData } from './transitions.js';

/** How many expired requests one run handles; the next run takes the rest. */
const BATCH = 100;

/**
 * Expires the open requests whose time ran out (`bookings.requestExpiry` after they were made).
 * Each is changed in its own transaction that reads its status again under its lock, so
 * instances that run this at the same time expire each request once, and a confirmation
 * racing it either wins or finds it expired. Returns how many it expired.
 */
export async function expireBookings(services: Pick<BookingServices, 'storage' | 'config' | 'log'>, now: number): Promise<number> {
  const due = await services.storage.bookings.expiredRequests(now, BATCH);
  let expired = 0;
  for (const { id, product_id: productId } of due) {
    const outcome = await services.storage.bookings.change(id, productId, async ({ booking }) => {
      const expiry = expiryOf(booking, now);
      return expiry ? { change: expiry.change, result: expiry.outcome } : { result: undefined };
    });
    if (!outcome) continue;
    expired++;
    try {
      await runHooks(services.config.hooks.bookings.afterChange, { doc: asHookData(outcome.doc), previousDoc: asHookData(outcome.previous), operation: 'update' as const, user: null });
    } catch (error) {
      // Nobody waits for this answer: the hook's failure is the shop's to see in the log.
      services.log.warn({ err: error, booking: id }, 'an afterChange hook of bookings failed on an expiry');
    }
  }
  return expired;
}
