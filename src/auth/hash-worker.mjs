// A password-hashing thread (see hash-pool.ts). Plain JavaScript, so that it runs however
// the service is started, with or without a TypeScript loader in the worker.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

/**
 * This thread at the lowest priority, so that while it hashes, the event loop (and clients
 * on the same cores) are scheduled first. On Linux a thread's id names it to setpriority;
 * elsewhere, or when not permitted, it runs at normal priority, still off the event loop.
 */
function yieldToTheEventLoop() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 19);
  } catch {
    // No /proc, or not permitted.
  }
}

yieldToTheEventLoop();
parentPort?.on('message', (job) => {
  let answer;
  try {
    answer = { id: job.id, result: job.kind === 'hash' ? hashSync(job.password, job.options) : verifySync(job.hash, job.password) };
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
