import type { Clock, TimerHandle } from '../../src/jobs/clock.js';
import { until } from './until.js';

/** The timers a started service's jobs keep while idle, one each: webhook deliveries, event pruning, booking expiry, calendar syncs. */
export const SERVICE_JOBS = 4;

interface ManualTimer {
  at: number;
  run: () => void;
  cancelled: boolean;
}

/**
 * A clock that moves only when the test says so. Timers due now (a delay of 0) still fire on
 * their own, on the next turn, so that work woken "at once" needs no help; later ones fire
 * when `advance` passes their time, in time order.
 */
export class ManualClock implements Clock {
  private time: number;
  private readonly timers = new Set<ManualTimer>();

  constructor(start = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): TimerHandle {
    const timer: ManualTimer = { at: this.time + Math.max(0, ms), run, cancelled: false };
    if (ms <= 0) setImmediate(() => !timer.cancelled && run());
    else this.timers.add(timer);
    return timer;
  }

  clearTimeout(handle: TimerHandle): void {
    const timer = handle as ManualTimer;
    timer.cancelled = true;
    this.timers.delete(timer);
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      let next: ManualTimer | undefined;
      for (const timer of this.timers) if (timer.at <= target && (!next || timer.at < next.at)) next = timer;
      if (!next) break;
      this.timers.delete(next);
      this.time = Math.max(this.time, next.at);
      next.run();
    }
    this.time = target;
  }

  /**
   * Timers set to fire later. A job sets its next timer only once its run has finished, so a
   * test that moves time on before then fires nothing: it waits for this count first.
   */
  get pending(): number {
    return this.timers.size;
  }

  /** When the earliest pending timer fires, if any. */
  nextTimer(): number | undefined {
    let at: number | undefined;
    for (const timer of this.timers) if (at === undefined || timer.at < at) at = timer.at;
    return at;
  }
}

/**
 * Waits until `clock` carries `count` timers: every job the last move woke has finished its
 * run and set its next tick, so that the next move fires it. Moving on sooner fires nothing
 * for a job still at work (on a loaded machine, its database writes), and its run is lost.
 */
export async function timersSet(clock: ManualClock, count = SERVICE_JOBS): Promise<void> {
  if (!(await until(() => clock.pending === count, 10_000))) throw new Error(`${clock.pending} timers set on the clock, not ${count}`);
}
