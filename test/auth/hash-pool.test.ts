import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { HashPool } from '../../src/auth/hash-pool.js';

const OPTIONS = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** The nice value of each of this process's threads (Linux). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((thread) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses: state is field 3, nice field 19.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('the password hashing pool', () => {
  it('hashes with argon2id and verifies right and wrong passwords', async () => {
    const pool = new HashPool(1);
    const hash = await pool.hash('correct horse battery', OPTIONS);
    assert.match(hash, /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    assert.equal(await pool.verify(hash, 'correct horse battery'), true);
    assert.equal(await pool.verify(hash, 'correct horse batterY'), false);
    await assert.rejects(pool.verify('not a hash', 'x'), Error);
  });

  it('answers every job, in order, with no more threads than its size', async () => {
    const pool = new HashPool(2);
    const passwords = Array.from({ length: 7 }, (_, index) => `password number ${index}`);
    const finished: number[] = [];
    const hashes = await Promise.all(passwords.map((password, index) => pool.hash(password, OPTIONS).then((hash) => (finished.push(index), hash))));
    for (const [index, hash] of hashes.entries()) assert.equal(await pool.verify(hash, passwords[index] as string), true);
    assert.equal(new Set(hashes).size, 7, 'salted: no two hashes alike');
    assert.deepEqual([...finished].sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6]);
  });

  it('hashes on a thread of the lowest priority, so that the event loop is scheduled first', { skip: process.platform !== 'linux' && 'Linux only' }, async () => {
    const before = threadNiceValues().filter((nice) => nice === 19).length;
    const pool = new HashPool(1);
    await pool.hash('some password', OPTIONS);
    assert.equal(threadNiceValues().filter((nice) => nice === 19).length, before + 1);
  });
});
