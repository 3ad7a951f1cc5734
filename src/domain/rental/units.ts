import type { Interval } from '../reservations.js';
import { durationMs } from '../duration.js';

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

/** A time unit the configuration adds with its length, an ISO 8601 duration: `{ name: 'night', length: 'P1D' }`. */
export interface TimeUnitDefinition {
  name: string;
  length: string;
}

/** The configuration's units by name (`products.timeUnits`: names, or names with a length). */
export const unitNames = (units: readonly (string | TimeUnitDefinition)[]): string[] => units.map((unit) => (typeof unit === 'string' ? unit : unit.name));

const lengthsOf = new WeakMap<readonly (string | TimeUnitDefinition)[], Readonly<Record<string, number>>>();

/** The length of each unit the configuration names: SPEC 8's own, or the length it gives (worked out once per list: quotes ask on every request). */
export function unitLengths(units: readonly (string | TimeUnitDefinition)[]): Readonly<Record<string, number>> {
  const known = lengthsOf.get(units);
  if (known) return known;
  const lengths: Record<string, number> = { ...UNIT_MS };
  for (const unit of units) {
    if (typeof unit === 'string') continue;
    const ms = durationMs(unit.length);
    if (ms !== undefined) lengths[unit.name] = ms;
  }
  lengthsOf.set(units, lengths);
  return lengths;
}

/**
 * The unit a product is priced in, and its length. A product without `time_unit` is counted in
 * days, the rental shop's usual unit; so is a unit the configuration added by name alone (a
 * `night`), which keeps its name. `lengths`: the configuration's (unitLengths).
 */
export function pricedUnit(timeUnit: string | undefined, lengths: Readonly<Record<string, number>> = UNIT_MS): { name: string; ms: number } {
  if (timeUnit === undefined) return { name: 'day', ms: DAY };
  return { name: timeUnit, ms: (Object.hasOwn(lengths, timeUnit) ? lengths[timeUnit] : undefined) ?? DAY };
}

/** How many units an interval takes, rounded up: any part of a unit counts as a whole one. */
export function unitsOf(interval: Interval, unitMs: number): number {
  const length = interval.end - interval.start;
  const whole = Math.floor(length / unitMs);
  return whole * unitMs < length ? whole + 1 : whole;
}
