import type { ManualClock } from './clock.js';

/**
 * Moves a manual clock on a minute at a time, letting the jobs each step wakes finish their
 * work (a job schedules its next run only once its run is over), until `done` or `ms` passed.
 */
export async function stepClock(clock: ManualClock, ms: number, done: () => boolean = () => false): Promise<void> {
  for (let moved = 0; moved < ms && !done(); moved += 60_000) {
    clock.advance(Math.min(60_000, ms - moved));
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
