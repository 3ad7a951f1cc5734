import type { Interval } from '../reservations.js';
import { Remembered } from '../remembered.js';

export const DAY_MS = 86_400_000;

export type DayStatus = 'free' | 'partial' | 'busy';

/** The texts of the days asked for lately, by day number: a calendar names the same days on every request. */
const dates = new Remembered<number, string>(4096);
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `2026-12-01` for the UTC day an instant falls in. */
export const utcDate = (ms: number): string => dates.get(Math.floor(ms / DAY_MS), dateOfDay);

/** The statuses in the order statusesOfDays numbers them. */
export const DAY_STATUSES: readonly DayStatus[] = ['free', 'partial', 'busy'];

/**
 * The status of each UTC day from `first` to `last` (both day starts, inclusive), in order, as
 * its index in DAY_STATUSES (a calendar request computes 90 of them, so not as strings):
 * `busy` when the busy intervals (non-overlapping, earliest first) cover the whole day,
 * `partial` when they cover part of it, else `free`.
 */
export function statusesOfDays(first: number, last: number, busy: readonly Interval[]): Uint8Array {
  const statuses = new Uint8Array(Math.max(0, Math.floor((last - first) / DAY_MS) + 1));
  let next = 0;
  for (let index = 0; index < statuses.length; index++) {
    const day = first + index * DAY_MS;
    const end = day + DAY_MS;
    while (next < busy.length && (busy[next] as Interval).end <= day) next++;
    let covered = 0;
    for (let i = next; i < busy.length && (busy[i] as Interval).start < end; i++) {
      const interval = busy[i] as Interval;
      covered += Math.min(interval.end, end) - Math.max(interval.start, day);
    }
    statuses[index] = covered >= DAY_MS ? 2 : covered > 0 ? 1 : 0;
  }
  return statuses;
}

/** Each day from `first` to `last` with its status (see statusesOfDays). */
export const dayStatuses = (first: number, last: number, busy: readonly Interval[]): { date: string; status: DayStatus }[] =>
  Array.from(statusesOfDays(first, last, busy), (code, index) => ({ date: utcDate(first + index * DAY_MS), status: DAY_STATUSES[code] as DayStatus }));
