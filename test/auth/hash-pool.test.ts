import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, it } from 'node:test';
import { HashPool } from '../../src/auth/hash-pool.js';
import { until } from '../helpers/until.js';

const OPTIONS = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** The nice value of each of this process's threads (Linux). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((thread) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses: state is field 3, nice field 19.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** Threads at nice 19: in this test file's process, the pools' hashing threads only (Linux; 0 elsewhere). */
const lowestPriorityThreads = () => (process.platform === 'linux' ? threadNiceValues().filter((nice) => nice === 19).length : 0);

/**
 * Pools are left to stop their threads at the end of each test, so that none stops during the
 * next one and upsets its count of threads: quickly where nothing is counted, and where
 * threads are counted, after long enough that none stops before the count on a loaded machine.
 */
const SHORT_IDLE_MS = 200;
const COUNTED_IDLE_MS = 3000;

async function stopped(pool: HashPool): Promise<void> {
  assert.ok(await until(() => pool.threads === 0 && lowestPriorityThreads() === 0, 5000), `hashing threads left: ${lowestPriorityThreads()}`);
}

describe('the password hashing pool', () => {
  it('hashes with argon2id and verifies right and wrong passwords', async () => {
    const pool = new HashPool(1, SHORT_IDLE_MS);
    const hash = await pool.hash('correct horse battery', OPTIONS);
    assert.match(hash, /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    assert.equal(await pool.verify(hash, 'correct horse battery'), true);
    assert.equal(await pool.verify(hash, 'correct horse batterY'), false);
    await assert.rejects(pool.verify('not a hash', 'x'), Error);
    await stopped(pool);
  });

  it('answers every job, on no more threads than its size, each at the lowest priority', { skip: process.platform !== 'linux' && 'Linux only' }, async () => {
    const lowest = lowestPriorityThreads;
    const before = lowest();
    const pool = new HashPool(2, COUNTED_IDLE_MS);
    const passwords = Array.from({ length: 7 }, (_, index) => `password number ${index}`);
    const hashes = await Promise.all(passwords.map((password) => pool.hash(password, OPTIONS)));
    for (const [index, hash] of hashes.entries()) assert.equal(await pool.verify(hash, passwords[index] as string), true);
    assert.equal(new Set(hashes).size, 7, 'salted: no two hashes alike');
    assert.equal(lowest(), before + 2, 'two threads, both at nice 19; the event loop stays at its own priority');
    assert.notEqual(getPriority(), 19, 'this thread is not lowered');
    await stopped(pool);
  });

  it('stops a thread that has waited for work for its idle time, and starts one again for the next job', { skip: process.platform !== 'linux' && 'Linux only' }, async () => {
    const osThreads = () => readdirSync('/proc/self/task').length;
    const before = osThreads();
    const idleMs = 1000;
    const pool = new HashPool(1, idleMs);
    const hash = await pool.hash('correct horse battery', OPTIONS);
    assert.equal(pool.threads, 1);
    assert.ok(osThreads() > before, 'the hashing thread runs');
    // Work within the idle time keeps the thread; the idle time counts from the last job.
    await new Promise((done) => setTimeout(done, idleMs / 2));
    assert.equal(await pool.verify(hash, 'correct horse battery'), true);
    const lastJob = Date.now();
    await new Promise((done) => setTimeout(done, idleMs / 2));
    // Unless a loaded machine delayed this timer past the idle time.
    if (Date.now() - lastJob < idleMs) assert.equal(pool.threads, 1, 'the idle time counts from the last job');
    assert.ok(await until(() => pool.threads === 0 && osThreads() === before, 5000), `threads left: pool ${pool.threads}, process ${osThreads()} (was ${before})`);
    assert.equal(await pool.verify(hash, 'correct horse battery'), true, 'a job after the stop starts a thread again');
    assert.equal(await pool.verify(hash, 'wrong'), false);
    assert.equal(pool.threads, 1);
  });
});
