import { setFlagsFromString } from 'node:v8';
import { startMemoryTrace } from './diagnostics/memory-trace.js';
import { readEnv } from './env.js';
import { keepTickShape } from './runtime/keep-tick-shape.js';
import { startService, stopOnSignals } from './server.js';

// Collect garbage once the heap is 1.3 times what survived the last full collection, not the
// up to 4 times V8 allows: the read caches keep ~80 MB live, and at 4 times that RSS passed
// 300 MB. At 1.5 times, a catalogue of 100,000 created through the API ended a run of every
// scenario at 287 MB; at 1.3 times at 268 MB, reads no slower (docs/benchmark.md). Set here
// rather than on the command line so that it holds however this is started; V8 reads it
// whenever it sizes the heap after a collection.
setFlagsFromString('--heap-growing-percent=30');
// Frequent full collections would otherwise make every process.nextTick slow (see the file).
keepTickShape();

try {
  const env = readEnv();
  if (env.memoryTrace) startMemoryTrace(env.memoryTrace);
  stopOnSignals(await startService(env, { logLevel: env.logLevel }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
