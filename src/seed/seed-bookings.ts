import { userOfRow } from '../auth/sessions.js';
import { systemClock, type Clock } from '../jobs/clock.js';
import { Scheduler } from '../jobs/scheduler.js';
import type { BookingServices } from '../operations/bookings/booking-services.js';
import { changeBooking } from '../operations/bookings/change-booking.js';
import { expireBookings } from '../operations/bookings/expire-bookings.js';
import { requestBooking } from '../operations/bookings/request-booking.js';
import type { ProductDoc } from '../domain/product-schema.js';
import type { SeedServices } from './seed-catalogue.js';

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const CUSTOMERS = [
  { name: 'Jana Nováková', email: 'jana.novakova@example.cz', phone: '+420 777 123 456', note: 'Vyzvednu v pátek odpoledne.' },
  { name: 'Petr Svoboda', email: 'petr.svoboda@example.cz' },
  { name: 'Lucie Dvořáková', email: 'lucie@example.cz', phone: '+420 602 333 444' },
  { name: 'Tomáš Černý', email: 'tomas.cerny@example.cz', note: 'Potřebuji i prodlužovačku.' },
  { name: 'Eva Procházková', email: 'eva.p@example.cz' },
];

/** How each demo booking ends up: what the owner did with it, or that nobody answered it in time. */
const PLAN = ['expired', 'requested', 'requested', 'requested', 'confirmed', 'confirmed', 'declined', 'cancelled'] as const;

/**
 * A few customers' bookings on the demo catalogue, one of every status, made through the same
 * operations the API runs: requests by anonymous customers, answers by the products' owner,
 * and one request left unanswered until the expiry job's own step expired it.
 */
export async function seedBookings(services: SeedServices, publishedIds: string[]): Promise<Record<string, number>> {
  const { storage } = services;
  // The request that expires is made as if 73 hours ago, so that it is past its 72 hours now.
  let offset = -73 * 3_600_000;
  const clock: Clock = { ...systemClock, now: () => Date.now() + offset };
  const booking: BookingServices = { config: services.config, storage, log: console, jobs: new Scheduler(storage.leases, { clock }) };
  const counts: Record<string, number> = {};
  const products = (await storage.products.getDocs(publishedIds.slice(0, PLAN.length * 3))).map((row) => JSON.parse(row.doc) as ProductDoc);
  let made = 0;
  for (const product of products) {
    const status = PLAN[made];
    if (status === undefined) break;
    const owner = product.basic.rent_owner ? await storage.rents.get(product.basic.rent_owner) : undefined;
    if (!owner) continue;
    // Well after every generated reservation, three days long: free, and within every rule the demo sets.
    const from = Date.now() + (200 + made * 10) * DAY;
    const body = { product: product.id, from: isoDate(from), to: isoDate(from + 2 * DAY), customer: CUSTOMERS[made % CUSTOMERS.length] };
    const { doc, token } = await requestBooking(booking, { user: null }, body, 0);
    if (status === 'expired') {
      offset = 0;
      await expireBookings(booking, clock.now());
    }
    const staff = { user: userOfRow(owner) };
    const act = (action: string, caller: Parameters<typeof changeBooking>[1], extra: Record<string, unknown> = {}) =>
      changeBooking(booking, caller, doc.id, { body: { action, ...extra }, queryAction: undefined, token, depth: 0 });
    if (status === 'confirmed' || status === 'cancelled') await act('confirm', staff);
    if (status === 'declined') await act('decline', staff, { reason: 'V tom termínu je nářadí v servisu.' });
    if (status === 'cancelled') await act('cancel', { user: null }, { reason: 'Změna plánů.' });
    counts[status] = (counts[status] ?? 0) + 1;
    made++;
  }
  return counts;
}
