import type { Clock, TimerHandle } from '../../src/jobs/clock.js';

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

  /** Timers set to fire later. */
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
