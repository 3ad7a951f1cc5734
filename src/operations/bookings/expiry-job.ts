import type { BookingServices } from './booking-services.js';
import { expireBookings } from './expire-bookings.js';

/**
 * SPEC 9: a request expires within 5 s of its time running out. The job runs once a second,
 * on one instance at a time (src/jobs: a lease in the database); each run is one indexed query
 * when nothing is due, and expires each request under its row's lock (see expireBookings).
 */
export const EXPIRY_INTERVAL_MS = 1000;

export function scheduleBookingExpiry(services: BookingServices): void {
  if (services.config.bookings.requestExpiry === 0) return;
  services.jobs.every('bookings:expire', EXPIRY_INTERVAL_MS, async ({ startedAt }) => {
    await expireBookings(services, startedAt);
  });
}
