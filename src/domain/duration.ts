import { parse, pattern } from 'iso8601-duration';
import { Remembered } from './remembered.js';

/** The library's grammar for the whole text: it matches a duration anywhere in a string (`P1D2W` would read as P1D). */
const WHOLE = new RegExp(`^(?:${pattern.source})$`);

/** An ISO 8601 duration (`P2D`, `PT4H`, `P1W`), parsed; undefined when the text is not one. */
export function parseDuration(text: string): ReturnType<typeof parse> | undefined {
  if (!WHOLE.test(text.replace(/,/g, '.')) || text.endsWith('T')) return undefined;
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

export const isDuration = (text: string): boolean => parseDuration(text) !== undefined;

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

/** Lengths already worked out (null: not a duration): a catalogue's rules use a handful of texts, and every write of a product reads its rules. */
const lengths = new Remembered<string, number | null>(1_000);

/**
 * A duration's fixed length in ms, as SPEC 8 counts a rental's units: a month is 30 days and a
 * year 365 (never "the same day of the next month"), so that a rule means the same length
 * whenever a rental starts. Undefined for what is not a duration.
 */
export function durationMs(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  return lengths.get(text, (key) => lengthOf(key) ?? null) ?? undefined;
}

function lengthOf(text: string): number | undefined {
  const parts = parseDuration(text);
  if (!parts) return undefined;
  const { years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0 } = parts;
  return Math.round(years * 365 * DAY + months * 30 * DAY + weeks * 7 * DAY + days * DAY + hours * HOUR + minutes * 60 * SECOND + seconds * SECOND);
}
