import type { Interval } from '../reservations.js';

export const DAY_MS = 86_400_000;

export type DayStatus = 'free' | 'partial' | 'busy';

/** `2026-12-01` for the UTC day an instant falls in. */
export const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The status of each UTC day from `first` to `last` (both day starts, inclusive): `busy` when
 * the busy intervals (non-overlapping, earliest first) cover the whole day, `partial` when they
 * cover part of it, else `free`.
 */
export function dayStatuses(first: number, last: number, busy: readonly Interval[]): { date: string; status: DayStatus }[] {
  const days: { date: string; status: DayStatus }[] = [];
  let next = 0;
  for (let day = first; day <= last; day += DAY_MS) {
    const end = day + DAY_MS;
    while (next < busy.length && (busy[next] as Interval).end <= day) next++;
    let covered = 0;
    for (let i = next; i < busy.length && (busy[i] as Interval).start < end; i++) {
      const interval = busy[i] as Interval;
      covered += Math.min(interval.end, end) - Math.max(interval.start, day);
    }
    days.push({ date: utcDate(day), status: covered >= DAY_MS ? 'busy' : covered > 0 ? 'partial' : 'free' });
  }
  return days;
}
