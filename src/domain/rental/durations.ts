import { Duration } from 'luxon';

/**
 * ISO 8601 durations (`P2D`, `PT4H`, `P1W`, `P1DT12H`) as fixed lengths in milliseconds.
 * Parsed by luxon; its "casual" conversion counts a month as 30 days and a year as 365, which
 * is what SPEC 8 counts a rental's units in, so `P1M` is always 30 days (never "the same day of
 * the next month"): a rule then means the same length whenever a rental starts.
 */

/** The longest duration a rule may state: ten years. */
export const MAX_DURATION_MS = 3650 * 86_400_000;
const MAX_TEXT = 40;

export const DURATION_MESSAGE = 'Must be an ISO 8601 duration such as P2D, PT4H, P1W or P1DT12H (no negative parts, at most ten years).';

/** The length of a duration text in ms, or undefined when it is not a usable duration. */
export function parseDuration(text: unknown): number | undefined {
  // luxon accepts a bare `P`, a dangling `T` and negative parts, which ISO 8601 does not.
  if (typeof text !== 'string' || text.length > MAX_TEXT || !/^P(?!$)(?!T$)/.test(text) || text.endsWith('T') || text.includes('-')) return undefined;
  const duration = Duration.fromISO(text);
  if (!duration.isValid) return undefined;
  const ms = duration.as('milliseconds');
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_DURATION_MS) return undefined;
  return Math.round(ms);
}
