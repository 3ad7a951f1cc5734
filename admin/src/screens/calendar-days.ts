/** UTC days as `YYYY-MM-DD`, the way the API writes whole-day reservations. */

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
export const today = (): string => dayOf(new Date());

export interface Interval {
  id: string;
  from: string;
  to: string;
  note?: string;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC days an interval touches: dates are inclusive, date-times half-open. */
export function daysOf(interval: Interval): { first: string; last: string } {
  const first = DAY_ONLY.test(interval.from) ? interval.from : dayOf(new Date(interval.from));
  if (DAY_ONLY.test(interval.to)) return { first, last: interval.to };
  const end = new Date(Date.parse(interval.to) - 1);
  return { first, last: dayOf(end) };
}

/** The weeks of a month's grid, each seven days (some from the neighbouring months), starting on `firstDay`. */
export function monthGrid(year: number, month: number, firstDay: number): string[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const lead = (first.getUTCDay() - firstDay + 7) % 7;
  const start = addDays(dayOf(first), -lead);
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const weeks = Math.ceil((lead + daysInMonth) / 7);
  return Array.from({ length: weeks }, (_, week) => Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)));
}
