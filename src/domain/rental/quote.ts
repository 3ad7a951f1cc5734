import type { ErrorItem } from '../../errors/api-error.js';
import type { Interval } from '../reservations.js';
import { DAY_MS } from './days.js';
import { collides } from './intervals.js';
import type { RentalRules } from './rules.js';
import { unitPriceFor } from './tiers.js';
import { pricedUnit, unitsOf } from './units.js';

/** What a rental of one interval costs, and the rules it breaks (SPEC 8). */
export interface Quote {
  units: number;
  time_unit: string;
  /** Null where the product has no price (and no tier applies). */
  unitPrice: number | null;
  price: number | null;
  caution: number;
  total: number | null;
  /** Each broken rule, under the field a booking request would name: `from` (lead time, overlap) or `to` (duration). */
  violations: ErrorItem[];
}

export interface QuoteInput {
  interval: Interval;
  /** Whether `from` was a whole date (then, without a lead time, today is not in the past). */
  fromIsDate: boolean;
  /** When the request is (or was) made. */
  now: number;
  rules: RentalRules;
  price?: number;
  caution?: number;
  timeUnit?: string;
  /** The configuration's unit lengths (unitLengths); SPEC 8's five when absent. */
  unitLengths?: Readonly<Record<string, number>>;
  /** The product's reservations, bare; the buffers widen them here. */
  reservations: readonly Interval[];
}

/** Sums of money without binary noise (3 × 0.1 is 0.3). */
const money = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * When a rental may start at the earliest. With a lead time, that long after now (SPEC 8: a
 * request "must start at least this long after it is made"; a date starts at 00:00 UTC).
 * Without one, not in the past; a date may be today's, whose day has begun.
 */
function earliestStart(now: number, leadTime: number, fromIsDate: boolean): number {
  if (leadTime > 0 || !fromIsDate) return now + leadTime;
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The rules an interval breaks, in the order a request names them. */
export function ruleViolations(input: Pick<QuoteInput, 'interval' | 'fromIsDate' | 'now' | 'rules'>): ErrorItem[] {
  const { interval, rules } = input;
  const violations: ErrorItem[] = [];
  if (interval.start < earliestStart(input.now, rules.leadTime ?? 0, input.fromIsDate)) {
    violations.push({
      field: 'from',
      message: rules.leadTime ? 'Must be at least the lead time (additional.lead_time) after the request.' : 'Must not be in the past.',
    });
  }
  const length = interval.end - interval.start;
  if (rules.minDuration !== undefined && length < rules.minDuration) violations.push({ field: 'to', message: 'The rental is shorter than the minimum duration (additional.min_duration).' });
  if (rules.maxDuration !== undefined && length > rules.maxDuration) violations.push({ field: 'to', message: 'The rental is longer than the maximum duration (additional.max_duration).' });
  return violations;
}

/** Whether the interval, widened by the buffers, runs into a reservation widened by them. */
export const overlapsReservations = (interval: Interval, reservations: readonly Interval[], rules: RentalRules): boolean =>
  reservations.some((reservation) => collides(interval, reservation, { before: rules.bufferBefore, after: rules.bufferAfter }));

export const OVERLAP_MESSAGE = 'The product is not free for this time (another reservation, with the buffers kept around it).';

/** What a rental costs: its units, the unit price of the tier that applies, the price, caution and total. */
export function priceOf(input: Pick<QuoteInput, 'interval' | 'rules' | 'price' | 'caution' | 'timeUnit' | 'unitLengths'>): Omit<Quote, 'violations'> {
  const unit = pricedUnit(input.timeUnit, input.unitLengths);
  const units = unitsOf(input.interval, unit.ms);
  const unitPrice = unitPriceFor(units, input.price, input.rules.priceTiers);
  const caution = input.caution ?? 0;
  const price = unitPrice === undefined ? null : money(units * unitPrice);
  return { units, time_unit: unit.name, unitPrice: unitPrice ?? null, price, caution, total: price === null ? null : money(price + caution) };
}

export function quote(input: QuoteInput): Quote {
  const violations = ruleViolations(input);
  if (overlapsReservations(input.interval, input.reservations, input.rules)) violations.push({ field: 'from', message: OVERLAP_MESSAGE });
  return { ...priceOf(input), violations };
}
