import { readEnv } from './env.js';
import { startService, stopOnSignals } from './server.js';

try {
  stopOnSignals(await startService(readEnv(), { logLevel: process.env.LOG_LEVEL }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
