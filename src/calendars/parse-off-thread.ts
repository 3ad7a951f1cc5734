import { Worker } from 'node:worker_threads';
import { FeedError, type FeedBlock, type ParseOptions } from '../domain/calendar/parse-feed.js';
import type { FeedThreadAnswer } from './feed-thread.js';

/** How long one feed may take to read; a recurrence rule that never matches loops inside ical.js for ever. */
export const PARSE_TIMEOUT_MS = 5_000;
/** The thread's heap: a 5 MiB feed parses in well under it; more means a feed built to exhaust memory. */
const HEAP_MB = 256;

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const THREAD_URL = new URL(FROM_SOURCE ? './feed-thread.ts' : './feed-thread.js', import.meta.url);

/** Run from the TypeScript sources (the tests), through tsx, which Node 20 does not register in worker threads. */
function startThread(workerData: unknown): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 };
  if (!FROM_SOURCE) return new Worker(THREAD_URL, { workerData, resourceLimits });
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(THREAD_URL.href)}); })`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

/**
 * parseFeed on a thread of its own, given up on after `timeoutMs` and held to a heap limit:
 * a hostile feed costs that thread, never the service's event loop or memory. A feed that
 * cannot be read is a FeedError, whichever way it failed.
 */
export function parseFeedOffThread(text: string, options: ParseOptions, timeoutMs = PARSE_TIMEOUT_MS): Promise<FeedBlock[]> {
  return new Promise((resolve, reject) => {
    const thread = startThread({ text, options });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void thread.terminate();
      outcome();
    };
    const deadline = setTimeout(
      () => settle(() => reject(new FeedError(`The feed took longer than ${timeoutMs / 1000} s to read (a recurrence rule that never ends?).`))),
      timeoutMs,
    );
    thread.once('message', (answer: FeedThreadAnswer) =>
      settle(() => {
        if ('blocks' in answer) resolve(answer.blocks);
        else reject(answer.feed ? new FeedError(answer.error) : new Error(`reading the feed failed: ${answer.error}`));
      }),
    );
    thread.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new FeedError('The feed needs more memory to read than a feed may take.') : error)),
    );
    thread.once('exit', (code) => settle(() => reject(new Error(`the feed's thread stopped (exit code ${code}) without an answer`))));
  });
}
