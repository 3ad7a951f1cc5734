import pLimit from 'p-limit';
import type { Services } from '../context.js';
import { syncCalendar } from './sync-calendar.js';

/** How many feeds one instance fetches at once. */
const PARALLEL = 4;
/** Due calendars read per pass. */
const BATCH = 100;
/** The schedule looks for due calendars at least this often, so that each is fetched close to its interval. */
const MAX_TICK_MS = 60_000;

/**
 * Every calendar is fetched again once `calendars.syncInterval` has passed since its last sync:
 * a job run by one instance at a time (its lease in the database) syncs those that are due, a
 * few at a time. A calendar another instance is syncing just then (a sync asked for by a
 * request) is left to it.
 */
export function scheduleCalendarSync(services: Services): void {
  const interval = services.config.calendars.syncInterval;
  services.jobs.every(
    'calendars.sync',
    Math.min(interval, MAX_TICK_MS),
    async ({ signal }) => {
      const limit = pLimit(PARALLEL);
      const seen = new Set<string>();
      for (;;) {
        if (signal.aborted) return;
        const due = (await services.storage.calendars.due(services.jobs.clock.now(), BATCH)).filter((id) => !seen.has(id));
        if (due.length === 0) return;
        for (const id of due) seen.add(id);
        await Promise.all(due.map((id) => limit(() => (signal.aborted ? undefined : syncCalendar(services, id, { wait: false, onlyIfDue: true, signal })))));
      }
    },
    // A pass may fetch many feeds of 10 s each; the lease is renewed while it runs.
    { leaseMs: 60_000 },
  );
}
