import { overlaps, type Interval } from '../reservations.js';

/** Buffers around every reservation of a product, in ms. */
export interface Buffers {
  before: number;
  after: number;
}

/** An interval as it occupies the product: `before` earlier and `after` later. */
export const widen = ({ start, end }: Interval, { before, after }: Buffers): Interval => ({ start: start - before, end: end + after });

/**
 * What a reservation keeps a new rental from overlapping. Both the reservation and the rental
 * occupy their intervals widened by the buffers, and those may not overlap; the rental's bare
 * interval overlaps this one exactly when they would. It is what the availability filter's
 * index holds, so one interval query answers for every product whatever its buffers.
 */
export function blockedBy(reservation: Interval, { before, after }: Buffers): Interval {
  const gap = before + after;
  return { start: reservation.start - gap, end: reservation.end + gap };
}

/** Whether a rental of `wanted` collides with a reservation once both are widened by the buffers. */
export const collides = (wanted: Interval, reservation: Interval, buffers: Buffers): boolean => overlaps(wanted, blockedBy(reservation, buffers));

/** Overlapping or touching intervals joined, earliest first. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** The part of an interval inside a window, or undefined when none is. */
export function clip(interval: Interval, window: Interval): Interval | undefined {
  const start = Math.max(interval.start, window.start);
  const end = Math.min(interval.end, window.end);
  return start < end ? { start, end } : undefined;
}
