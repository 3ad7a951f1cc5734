import { readFileSync } from 'node:fs';

const FOLDER = new URL('../fixtures/calendars/', import.meta.url);

/**
 * A feed of test/fixtures/calendars/, its years filled in relative to `now`: `{Y}` is the
 * current UTC year, `{Y+1}` the next, `{Y-1}` the last. The fixtures' events keep their
 * dates within the year, so they stay in the future (or the past) whenever the tests run.
 */
export function calendarFixture(name: string, now = Date.now()): string {
  const year = new Date(now).getUTCFullYear();
  return readFileSync(new URL(name, FOLDER), 'utf8').replace(/\{Y([+-]\d+)?\}/g, (_, offset: string | undefined) => String(year + Number(offset ?? 0)));
}

/** The year `{Y+offset}` stands for. */
export const fixtureYear = (offset: number, now = Date.now()): number => new Date(now).getUTCFullYear() + offset;
