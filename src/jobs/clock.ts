/**
 * Time as background work sees it. The service runs on the system clock; tests hand in one
 * they move by hand, so that schedules (retries, expiry, leases) are checked without sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `run` once `ms` have passed on this clock; the handle cancels it. */
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export type TimerHandle = { readonly cancelled?: boolean } | NodeJS.Timeout;

/** The real clock. Its timers do not keep the process alive on their own. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
