import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { openStorage, type Storage } from '../../src/storage/storage.js';
import { ManualClock } from '../helpers/clock.js';
import { createPostgresDatabase, dialects } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const INTERVAL = 10_000;
const LEASE = 6_000;

/** Lets the timers that fired finish their database work. */
const settle = () => new Promise((done) => setTimeout(done, 30));

/** Waits until every scheduler's jobs have finished their runs and set their next ones (Scheduler.idle): a clock moved sooner misses them. */
async function settled(...schedulers: Scheduler[]): Promise<void> {
  assert.ok(await until(() => schedulers.every((scheduler) => scheduler.idle), 5000), 'the jobs settled');
}

for (const dialect of dialects) {
  describe(`jobs: leased background work (${dialect})`, () => {
    let dataDir: string;
    let url: string;
    let drop = async () => {};
    /** Two instances on one database (on SQLite, two connections to one file, as two processes have). */
    let first: Storage;
    let second: Storage;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'rental-jobs-'));
      if (dialect === 'postgres') ({ url, drop } = await createPostgresDatabase());
      else url = `file:${dataDir}/rental.db`;
      first = await openStorage(url, dataDir);
      second = await openStorage(url, dataDir);
    });
    after(async () => {
      await first.close();
      await second.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('runs a job on one instance at a time, about once an interval in all', async () => {
      const clock = new ManualClock();
      const runs: string[] = [];
      const a = new Scheduler(first.leases, { clock, holder: 'a' });
      const b = new Scheduler(second.leases, { clock, holder: 'b' });
      a.every('count-once', INTERVAL, async () => void runs.push('a'), { leaseMs: LEASE });
      b.every('count-once', INTERVAL, async () => void runs.push('b'), { leaseMs: LEASE });
      a.start();
      b.start();
      await until(() => runs.length > 0, 2000);
      await settled(a, b);
      assert.equal(runs.length, 1, `both instances ticked at once, one ran: ${runs.join(',')}`);
      for (let round = 0; round < 5; round++) {
        clock.advance(INTERVAL);
        await settled(a, b);
        assert.equal(runs.length, round + 2, `round ${round + 1}: ${runs.join(',')}`);
      }
      // Each interval both instances ticked; the lease let exactly one of them run.
      assert.equal(runs.length, 6, runs.join(','));
      await Promise.all([a.stop(), b.stop()]);
    });

    it('takes over the job of an instance that died holding its lease, once the lease runs out', async () => {
      const deadClock = new ManualClock();
      const clock = new ManualClock(deadClock.now());
      let deadRuns = 0;
      let liveRuns = 0;
      // The dead instance's run never returns and its clock never moves: it renews nothing, as a SIGKILLed process.
      const dead = new Scheduler(first.leases, { clock: deadClock, holder: 'dead' });
      dead.every('take-over', INTERVAL, () => {
        deadRuns++;
        return new Promise(() => {});
      }, { leaseMs: LEASE });
      dead.start();
      await until(() => deadRuns === 1, 2000);
      const live = new Scheduler(second.leases, { clock, holder: 'live' });
      live.every('take-over', 1000, async () => void liveRuns++, { leaseMs: LEASE });
      live.start();
      await settled(live);
      for (let waited = 1000; waited < LEASE; waited += 1000) {
        clock.advance(1000);
        await settled(live);
      }
      assert.equal(liveRuns, 0, 'the lease held while it had not run out');
      clock.advance(1000);
      await until(() => liveRuns === 1, 2000);
      assert.equal((await second.leases.get('take-over'))?.holder, 'live');
      await live.stop();
      // The dead scheduler's run never ends; it is left behind as a killed process would be.
    });

    it('renews the lease of a long run, so that nobody else runs it meanwhile', async () => {
      const clock = new ManualClock();
      let release!: () => void;
      let longRuns = 0;
      let otherRuns = 0;
      const a = new Scheduler(first.leases, { clock, holder: 'long' });
      a.every('long-run', INTERVAL, () => {
        longRuns++;
        return new Promise<void>((done) => (release = done));
      }, { leaseMs: LEASE });
      a.start();
      await until(() => longRuns === 1, 2000);
      const b = new Scheduler(second.leases, { clock, holder: 'other' });
      b.every('long-run', 1000, async () => void otherRuns++, { leaseMs: LEASE });
      b.start();
      // The long run never settles: wait instead for its lease renewal and the other instance's tick to be set.
      const bothSet = async () => assert.ok(await until(() => clock.pending === 2, 5000), `${clock.pending} timers set`);
      await bothSet();
      for (let step = 0; step < 30; step++) {
        clock.advance(1000);
        await bothSet();
      }
      assert.equal(otherRuns, 0, 'a run three leases long kept its lease');
      release();
      await a.stop();
      // Stopped after a whole run: the other may run once an interval since that run began has passed (it already has).
      clock.advance(1000);
      await until(() => otherRuns === 1, 2000);
      await b.stop();
    });

    it('stop aborts a running job through its signal and waits for it to return', async () => {
      const clock = new ManualClock();
      let aborted = false;
      let returned = false;
      const scheduler = new Scheduler(first.leases, { clock, holder: 'stopping' });
      scheduler.every('graceful', INTERVAL, async ({ signal }) => {
        await new Promise<void>((done) => signal.addEventListener('abort', () => done()));
        aborted = true;
        await new Promise((done) => setTimeout(done, 50));
        returned = true;
      });
      scheduler.start();
      await until(async () => (await first.leases.get('graceful'))?.holder === 'stopping', 2000);
      await settle();
      await scheduler.stop();
      assert.ok(aborted && returned, 'stop resolved only after the run returned');
      // Cut short, it left its lease free at once for another instance.
      assert.ok(((await first.leases.get('graceful'))?.expires_at ?? Infinity) <= clock.now());
    });

    it('wake runs a job again at once; a job that throws runs again at its next tick', async () => {
      const clock = new ManualClock();
      let runs = 0;
      const failures: string[] = [];
      const scheduler = new Scheduler(first.leases, { clock, holder: 'waker', onFailure: (name) => failures.push(name) });
      const job = scheduler.every('woken', INTERVAL, async () => {
        runs++;
        if (runs === 2) throw new Error('boom');
      }, { exclusive: false });
      scheduler.start();
      await until(() => runs === 1, 2000);
      job.wake();
      await until(() => runs === 2, 2000);
      await until(() => failures.length === 1, 2000);
      clock.advance(INTERVAL);
      await until(() => runs === 3, 2000);
      assert.deepEqual(failures, ['woken']);
      await scheduler.stop();
    });
  });
}
