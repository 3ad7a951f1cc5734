import type { Services } from '../context.js';
import { expireBookings } from './expire-bookings.js';

/**
 * Background work that runs every `intervalMs`. This is the one seam to the jobs module
 * (database leases, one instance at a time) once it exists; until then each instance runs
 * the job itself, which is safe for expiry: each request is expired once, under its row's
 * lock (see expireBookings).
 */
export interface Scheduler {
  every(name: string, intervalMs: number, run: () => Promise<unknown>): void;
  stop(): Promise<void>;
}

/** Runs each job in this process on a timer, one run of a job at a time. */
export function localScheduler(onError: (name: string, error: unknown) => void): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  return {
    every(name, intervalMs, run) {
      let busy = false;
      const tick = () => {
        if (busy || stopped) return;
        busy = true;
        const work = run()
          .catch((error: unknown) => onError(name, error))
          .finally(() => {
            busy = false;
            running.delete(work);
          });
        running.add(work);
      };
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      timers.push(timer);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * SPEC 9: a request expires within 5 s of its time running out. Once a second is well inside
 * that; each run is one indexed query when nothing is due.
 */
export const EXPIRY_INTERVAL_MS = 1000;

export function scheduleBookingExpiry(scheduler: Scheduler, services: Pick<Services, 'storage' | 'config' | 'log'>): void {
  if (services.config.bookings.requestExpiry === 0) return;
  scheduler.every('bookings:expire', EXPIRY_INTERVAL_MS, () => expireBookings(services));
}
