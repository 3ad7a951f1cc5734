import type { BusyInterval } from '../../domain/rental/busy.js';
import { DAY_MS, DAY_STATUSES, statusesOfDays, utcDate, type DayStatus } from '../../domain/rental/days.js';
import { Remembered } from '../../domain/remembered.js';

/** Each day's item of `days` with each status, by day number: a calendar names the same days on every request. */
const dayItems = new Remembered<number, Readonly<Record<DayStatus, string>>>(4096);

function itemsOfDay(number: number): Readonly<Record<DayStatus, string>> {
  const date = utcDate(number * DAY_MS);
  return { free: `{"date":"${date}","status":"free"}`, partial: `{"date":"${date}","status":"partial"}`, busy: `{"date":"${date}","status":"busy"}` };
}

const dayItem = (day: number, status: DayStatus): string => dayItems.get(Math.floor(day / DAY_MS), itemsOfDay)[status];

/** A free or a busy day's item and its comma: both are 37 characters (a date is 10). */
const RUN_ITEM = 38;

/** The `days` items of a window with every day free, and with every day busy, by first day number and count. */
const windowRuns = new Remembered<number, { free: string; busy: string }>(64);
/** More than the days of any calendar: a window's key is its first day number times this, plus its count. */
const KEY_SPAN = 1024;

function runsOf(first: number, count: number): { free: string; busy: string } {
  const items = (status: DayStatus) => Array.from({ length: count }, (_, index) => dayItem(first + index * DAY_MS, status)).join(',');
  return { free: items('free'), busy: items('busy') };
}

/** statusesOfDays' number of a partial day. */
const PARTIAL = DAY_STATUSES.indexOf('partial');

/**
 * The `days` items, each run of free or busy days cut out of a window's text of that status
 * (a calendar is mostly such runs), partial days one by one.
 */
function daysJson(first: number, statuses: Uint8Array): string {
  const count = statuses.length;
  const runs = windowRuns.get(Math.floor(first / DAY_MS) * KEY_SPAN + count, () => runsOf(first, count));
  let text = '';
  for (let start = 0; start < count; ) {
    const code = statuses[start] as number;
    const status = DAY_STATUSES[code] as DayStatus;
    let end = start + 1;
    let part: string;
    if (code === PARTIAL) part = dayItem(first + start * DAY_MS, status);
    else {
      while (end < count && statuses[end] === code) end++;
      part = runs[status as 'free' | 'busy'].slice(start * RUN_ITEM, end * RUN_ITEM - 1);
    }
    text += start === 0 ? part : `,${part}`;
    start = end;
  }
  return text;
}

/** Instants from 0000 to 9999, which ISO 8601's basic form writes; others as the engine writes them. */
const LAST_PLAIN_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** `HH:MM:SS.mmmZ` by millisecond of the day: reservations begin and end at few times of day. */
const timesOfDay = new Remembered<number, string>(4096);
const timeOfDay = (ms: number): string => new Date(ms).toISOString().slice(11);

/** What `new Date(ms).toISOString()` gives, from the day's and the time's remembered texts. */
function isoInstant(ms: number): string {
  if (ms < 0 || ms > LAST_PLAIN_INSTANT) return new Date(ms).toISOString();
  const time = ms % DAY_MS;
  return `${utcDate(ms)}T${timesOfDay.get(time, timeOfDay)}`;
}

/**
 * The availability calendar's answer (AvailabilityAnswer) as the JSON text JSON.stringify
 * gives for it, written directly: a default calendar is 90 days, and building an object and
 * a Date for each, then serialising them, cost more than the rest of the request. Every value
 * written bare is a date, an instant or a kind, none of which JSON escapes.
 */
export function availabilityJson(product: string, first: number, last: number, busy: readonly BusyInterval[]): string {
  let intervals = '';
  for (const interval of busy) {
    intervals += `${intervals === '' ? '' : ','}{"from":"${isoInstant(interval.start)}","to":"${isoInstant(interval.end)}","kind":"${interval.kind}"}`;
  }
  const days = daysJson(first, statusesOfDays(first, last, busy));
  return `{"product":${JSON.stringify(product)},"from":"${utcDate(first)}","to":"${utcDate(last)}","busy":[${intervals}],"days":[${days}]}`;
}
