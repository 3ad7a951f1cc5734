import type { Interval } from '../reservations.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The length of one unit of each time unit SPEC 8 names. */
export const UNIT_MS: Readonly<Record<string, number>> = {
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/**
 * The unit a product is priced in. A product without `time_unit`, or with a unit the
 * configuration added and SPEC 8 gives no length for, is counted in days: the rental shop's
 * usual unit.
 */
export function pricedUnit(timeUnit: string | undefined): { name: string; ms: number } {
  const ms = timeUnit === undefined ? undefined : UNIT_MS[timeUnit];
  return ms === undefined ? { name: 'day', ms: DAY } : { name: timeUnit as string, ms };
}

/** How many units an interval takes, rounded up: any part of a unit counts as a whole one. */
export function unitsOf(interval: Interval, unitMs: number): number {
  const length = interval.end - interval.start;
  const whole = Math.floor(length / unitMs);
  return whole * unitMs < length ? whole + 1 : whole;
}
