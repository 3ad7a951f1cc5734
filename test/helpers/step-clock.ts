import type { ManualClock } from './clock.js';
import type { TestServer } from './server.js';

/**
 * Moves a started server's manual clock on a minute at a time, letting the jobs each step
 * wakes finish their work (a job sets its next run only once its run is over, see
 * TestServer.jobsSettled), until `done` or `ms` passed. A pass still under way when `done`
 * holds (another calendar's feed may keep it 10 s) is not waited for.
 */
export async function stepClock(server: TestServer, clock: ManualClock, ms: number, done: () => boolean = () => false): Promise<void> {
  for (let moved = 0; moved < ms && !done(); moved += 60_000) {
    await server.jobsSettled(done);
    if (done()) return;
    clock.advance(Math.min(60_000, ms - moved));
    await server.jobsSettled(done);
  }
}
