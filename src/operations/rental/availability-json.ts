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

/**
 * The availability calendar's answer (AvailabilityAnswer) as the JSON text JSON.stringify
 * gives for it, written directly: a default calendar is 90 days, and building an object and
 * a Date for each, then serialising them, cost more than the rest of the request. Every value
 * written bare is a date, an instant or a kind, none of which JSON escapes.
 */
export function availabilityJson(product: string, first: number, last: number, busy: readonly BusyInterval[]): string {
  const intervals = busy.map((interval) => `{"from":"${new Date(interval.start).toISOString()}","to":"${new Date(interval.end).toISOString()}","kind":"${interval.kind}"}`);
  const days = statusesOfDays(first, last, busy).map((status, index) => dayItem(first + index * DAY_MS, status));
  return `{"product":${JSON.stringify(product)},"from":"${utcDate(first)}","to":"${utcDate(last)}","busy":[${intervals.join(',')}],"days":[${days.join(',')}]}`;
}
