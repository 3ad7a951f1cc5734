import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';

const DAY_MS = 86_400_000;

/** An iCalendar DATE as the service writes dates: `2027-03-10`, a whole UTC day. */
export function dateText(time: ICAL.Time): string {
  return `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
}

/** Midnight UTC of a DATE's day. */
export const dayStart = (time: ICAL.Time): number => Date.UTC(time.year, time.month - 1, time.day);

export const addDays = (ms: number, days: number): number => ms + days * DAY_MS;

/** `2027-03-10` of a midnight-UTC instant. */
export const dayText = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A zone name luxon (Node's ICU) knows, or undefined. */
export function knownZone(tzid: string | null | undefined): string | undefined {
  if (!tzid) return undefined;
  const name = tzid.trim();
  return IANAZone.isValidZone(name) ? name : undefined;
}

/** Whether ical.js resolved the time's zone itself: UTC, or a VTIMEZONE of the feed. */
function resolvedZone(time: ICAL.Time): boolean {
  const zone = time.zone;
  return zone !== undefined && zone !== null && zone.tzid !== 'floating' && zone !== ICAL.Timezone.localTimezone;
}

/**
 * What a DATE-TIME's clock is read in: the zone ical.js resolved (UTC or the feed's
 * VTIMEZONE), else the zone instantOf reads it in. Two times on one clock compare by their
 * wall-clock values, as ical.js compares them.
 */
export function clockOf(time: ICAL.Time, tzid: string | null | undefined, calendarZone: string): string {
  if (resolvedZone(time)) return `resolved:${time.zone?.tzid ?? ''}`;
  return `wall:${knownZone(tzid) ?? calendarZone}`;
}

/** The same instant as `instant`, written on the clock of `like` (a DATE-TIME of the zone it names, or its wall clock). */
export function onClockOf(like: ICAL.Time, tzid: string | null | undefined, calendarZone: string, instant: number): ICAL.Time {
  if (resolvedZone(like)) return ICAL.Time.fromJSDate(new Date(instant), true).convertToZone(like.zone as ICAL.Timezone);
  const wall = DateTime.fromMillis(instant, { zone: knownZone(tzid) ?? calendarZone });
  const time = like.clone();
  time.isDate = false;
  time.year = wall.year;
  time.month = wall.month;
  time.day = wall.day;
  time.hour = wall.hour;
  time.minute = wall.minute;
  time.second = wall.second;
  return time;
}

/**
 * The instant a DATE-TIME stands for, in epoch milliseconds. UTC times and times whose TZID
 * the feed defines in a VTIMEZONE are converted by ical.js; a TZID without its VTIMEZONE (some
 * feeds leave it out) is read as the IANA zone of that name, and a floating time (or an unknown
 * TZID) in the calendar's own zone (`X-WR-TIMEZONE`, else UTC).
 */
export function instantOf(time: ICAL.Time, tzid: string | null | undefined, calendarZone: string): number {
  if (resolvedZone(time)) return time.toUnixTime() * 1000;
  const zone = knownZone(tzid) ?? calendarZone;
  const local = DateTime.fromObject(
    { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second },
    { zone },
  );
  if (!local.isValid) throw new Error(`invalid date-time ${time.toString()}`);
  return local.toMillis();
}
