import { timersSet, type ManualClock } from './clock.js';

/**
 * Moves a started service's manual clock on a minute at a time, letting the jobs each step
 * wakes finish their work (a job schedules its next run only once its run is over, see
 * timersSet), until `done` or `ms` passed.
 */
export async function stepClock(clock: ManualClock, ms: number, done: () => boolean = () => false): Promise<void> {
  for (let moved = 0; moved < ms && !done(); moved += 60_000) {
    await timersSet(clock);
    clock.advance(Math.min(60_000, ms - moved));
    await timersSet(clock);
  }
}
