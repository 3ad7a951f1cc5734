import { ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { parseBoundary } from '../../domain/reservations.js';
import { busyTimeline, type BusyKind } from '../../domain/rental/busy.js';
import { DAY_MS, type DayStatus } from '../../domain/rental/days.js';
import { reservationsAround } from '../../domain/rental/facts.js';
import type { Caller } from '../context.js';
import { availabilityJson } from './availability-json.js';
import { readableFacts, type RentalServices } from './readable-product.js';

/** GET /api/products/:id/availability (SPEC 8): busy time and day statuses, nothing personal (as JSON text: availabilityJson). */
export interface AvailabilityAnswer {
  product: string;
  from: string;
  to: string;
  busy: { from: string; to: string; kind: BusyKind }[];
  days: { date: string; status: DayStatus }[];
}

/** The longest calendar one request may ask for, in days; the default one. */
export const MAX_DAYS = 366;
export const DEFAULT_DAYS = 90;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The first and last day asked for (UTC day starts): `from` defaults to today, `to` to 89 days after `from`. */
export function parseDays(query: Record<string, unknown>, now: number): { first: number; last: number } {
  const errors: ErrorItem[] = [];
  const day = (value: unknown, field: 'from' | 'to'): number | undefined => {
    if (value === undefined || value === '') return undefined;
    const ms = typeof value === 'string' && DATE.test(value) ? parseBoundary(value, 'start') : undefined;
    if (ms === undefined) errors.push({ field, message: 'Must be a date: YYYY-MM-DD (UTC).' });
    return ms;
  };
  const from = day(query.from, 'from');
  const to = day(query.to, 'to');
  if (errors.length > 0) throw new ValidationError(errors);
  const first = from ?? now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
  const last = to ?? first + (DEFAULT_DAYS - 1) * DAY_MS;
  if (last < first) throw new ValidationError([{ field: 'to', message: 'Must not be before `from`.' }]);
  if ((last - first) / DAY_MS + 1 > MAX_DAYS) throw new ValidationError([{ field: 'to', message: `At most ${MAX_DAYS} days from \`from\`, both inclusive.` }]);
  return { first, last };
}

/** The calendar of a product as the JSON text of an AvailabilityAnswer. */
export async function productAvailability(services: RentalServices, caller: Caller, id: string, query: Record<string, unknown>): Promise<string> {
  const { first, last } = parseDays(query, services.jobs.clock.now());
  const facts = await readableFacts(services, caller, id);
  const window = { start: first, end: last + DAY_MS };
  const busy = busyTimeline(reservationsAround(facts, window), { before: facts.rules.bufferBefore, after: facts.rules.bufferAfter }, window);
  return availabilityJson(id, first, last, busy);
}
