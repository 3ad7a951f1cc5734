import type { ErrorItem } from '../errors/api-error.js';

const DAY_MS = 86_400_000;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** A reservation as a half-open interval of epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

const ZERO = 0x30;
const HYPHEN = 0x2d;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number the ASCII digits of `text` from `start` to `end` spell; -1 if one is not a digit. */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let at = start; at < end; at++) {
    const digit = text.charCodeAt(at) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * A YYYY-MM-DD date as epoch milliseconds, read by character codes: every write of a product
 * checks each of its reservations' dates, and a regular expression and a Date apiece showed
 * in write profiles.
 */
function parseDate(text: string): number | undefined {
  if (text.length !== 10 || text.charCodeAt(4) !== HYPHEN || text.charCodeAt(7) !== HYPHEN) return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  // Date.UTC reads the years 0–99 as 1900–1999, so those never name the date written.
  if (year < 100 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > (month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] as number))) return undefined;
  return Date.UTC(year, month - 1, day);
}

function parseDateTime(text: string): number | undefined {
  if (!DATE_TIME.test(text)) return undefined;
  if (parseDate(text.slice(0, 10)) === undefined) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The instant a `from`/`to` value stands for. A whole date starts at 00:00 UTC;
 * as an end it is inclusive, so it ends at 00:00 UTC of the next day.
 */
export function parseBoundary(text: string, as: 'start' | 'end'): number | undefined {
  const date = parseDate(text);
  if (date !== undefined) return as === 'start' ? date : date + DAY_MS;
  return parseDateTime(text);
}

export const BOUNDARY_MESSAGE = 'Must be an ISO 8601 date (2026-12-01) or a date-time with offset (2026-12-01T10:00:00Z).';

/** Parses one `{from, to}` pair; errors name `<path>.from` / `<path>.to`. */
export function parseInterval(from: unknown, to: unknown, path: string): { interval?: Interval; errors: ErrorItem[] } {
  const prefix = path === '' ? '' : `${path}.`;
  const errors: ErrorItem[] = [];
  const start = typeof from === 'string' ? parseBoundary(from, 'start') : undefined;
  const end = typeof to === 'string' ? parseBoundary(to, 'end') : undefined;
  if (start === undefined) errors.push({ field: `${prefix}from`, message: BOUNDARY_MESSAGE });
  if (end === undefined) errors.push({ field: `${prefix}to`, message: BOUNDARY_MESSAGE });
  if (start === undefined || end === undefined) return { errors };
  if (end <= start) {
    errors.push({ field: `${prefix}to`, message: 'Must not be before `from` (and after it for date-times).' });
    return { errors };
  }
  return { interval: { start, end }, errors };
}

export const overlaps = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;

/** Index pairs of overlapping intervals, or undefined when none overlap. */
export function findOverlap(intervals: Interval[]): [number, number] | undefined {
  const order = intervals.map((interval, index) => ({ interval, index })).sort((a, b) => a.interval.start - b.interval.start);
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1];
    const current = order[i];
    if (previous && current && overlaps(previous.interval, current.interval)) return [previous.index, current.index];
  }
  return undefined;
}
