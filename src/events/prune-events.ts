import type { Services } from '../operations/context.js';

/** How often pruning runs: hourly, or more often when the retention is shorter than four hours. */
const pruneInterval = (retention: number) => Math.min(3_600_000, Math.max(1_000, Math.floor(retention / 4)));

/**
 * Deletes the events older than `events.retention` (once across instances), except those a
 * webhook still owes or has not been fanned out to, and the deliveries log of the same age.
 */
export function schedulePruning(services: Pick<Services, 'storage' | 'config' | 'jobs'>): void {
  const { retention } = services.config.events;
  services.jobs.every('events.prune', pruneInterval(retention), async () => {
    const cutoff = new Date(services.jobs.clock.now() - retention).toISOString();
    await services.storage.outbox.prune(cutoff, await services.storage.webhooks.firstNeededEvent());
    await services.storage.webhooks.pruneAttempts(cutoff);
  });
}
