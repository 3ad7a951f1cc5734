import type { BookingServices } from './booking-services.js';
import { expireBookings } from './expire-bookings.js';

/**
 * SPEC 9: a request expires within 5 s of its time running out. The job runs once a second,
 * on one instance at a time (src/jobs: a lease in the database); each run is one indexed query
 * when nothing is due, and expires each request under its row's lock (see expireBookings).
 */
export const EXPIRY_INTERVAL_MS = 1000;

export function scheduleBookingExpiry(services: BookingServices): void {
  const expiry = services.config.bookings.requestExpiry;
  // The open requests take this configuration's expiry first: they were stamped with the one in force when they were made.
  let stamped = false;
  const stamp = async () => {
    if (stamped) return;
    await services.storage.bookings.applyExpiry(expiry);
    stamped = true;
  };
  if (expiry === 0) {
    // Nothing expires: the stamps are taken off once on each instance (idempotent). Not the
    // expiry job's lease: held for the hour, it would keep a later configuration's job waiting.
    services.jobs.every('bookings:unstamp', 3_600_000, stamp, { exclusive: false });
    return;
  }
  services.jobs.every('bookings:expire', EXPIRY_INTERVAL_MS, async ({ startedAt }) => {
    await stamp();
    await expireBookings(services, startedAt);
  });
}
