import type { BusyInterval } from '../../domain/rental/busy.js';
import { DAY_MS, statusesOfDays, utcDate, type DayStatus } from '../../domain/rental/days.js';
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

/** The `days` items of a window with every day free, and with every day busy, by first day and count. */
const windowRuns = new Remembered<string, { free: string; busy: string }>(64);

function runsOf(first: number, count: number): { free: string; busy: string } {
  const items = (status: DayStatus) => Array.from({ length: count }, (_, index) => dayItem(first + index * DAY_MS, status)).join(',');
  return { free: items('free'), busy: items('busy') };
}

/**
 * The `days` items, each run of free or busy days cut out of a window's text of that status
 * (a calendar is mostly such runs), partial days one by one.
 */
function daysJson(first: number, statuses: readonly DayStatus[]): string {
  const runs = windowRuns.get(`${first}/${statuses.length}`, () => runsOf(first, statuses.length));
  let text = '';
  for (let start = 0; start < statuses.length; ) {
    const status = statuses[start] as DayStatus;
    let end = start + 1;
    if (status !== 'partial') while (end < statuses.length && statuses[end] === status) end++;
    const part = status === 'partial' ? dayItem(first + start * DAY_MS, status) : runs[status].slice(start * RUN_ITEM, end * RUN_ITEM - 1);
    text += start === 0 ? part : `,${part}`;
    start = end;
  }
  return text;
}

/**
 * The availability calendar's answer (AvailabilityAnswer) as the JSON text JSON.stringify
 * gives for it, written directly: a default calendar is 90 days, and building an object and
 * a Date for each, then serialising them, cost more than the rest of the request. Every value
 * written bare is a date, an instant or a kind, none of which JSON escapes.
 */
export function availabilityJson(product: string, first: number, last: number, busy: readonly BusyInterval[]): string {
  const intervals = busy.map((interval) => `{"from":"${new Date(interval.start).toISOString()}","to":"${new Date(interval.end).toISOString()}","kind":"${interval.kind}"}`);
  const days = daysJson(first, statusesOfDays(first, last, busy));
  return `{"product":${JSON.stringify(product)},"from":"${utcDate(first)}","to":"${utcDate(last)}","busy":[${intervals.join(',')}],"days":[${days}]}`;
}
