import type { BusyInterval } from '../../domain/rental/busy.js';
import { DAY_MS, statusesOfDays, utcDate } from '../../domain/rental/days.js';

/**
 * The availability calendar's answer (AvailabilityAnswer) as the JSON text JSON.stringify
 * gives for it, written directly: a default calendar is 90 days, and building an object and
 * a Date for each, then serialising them, cost more than the rest of the request. Every value
 * written bare is a date, an instant or a kind, none of which JSON escapes.
 */
export function availabilityJson(product: string, first: number, last: number, busy: readonly BusyInterval[]): string {
  let json = `{"product":${JSON.stringify(product)},"from":"${utcDate(first)}","to":"${utcDate(last)}","busy":[`;
  for (let i = 0; i < busy.length; i++) {
    const interval = busy[i] as BusyInterval;
    json += `${i === 0 ? '' : ','}{"from":"${new Date(interval.start).toISOString()}","to":"${new Date(interval.end).toISOString()}","kind":"${interval.kind}"}`;
  }
  json += '],"days":[';
  const statuses = statusesOfDays(first, last, busy);
  for (let i = 0; i < statuses.length; i++) json += `${i === 0 ? '' : ','}{"date":"${utcDate(first + i * DAY_MS)}","status":"${statuses[i] as string}"}`;
  return `${json}]}`;
}
