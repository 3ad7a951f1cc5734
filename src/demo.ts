import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnv } from './env.js';
import { runCli } from './cli.js';
import { startService, stopOnSignals } from './server.js';

/** `npm run demo`: a fresh temporary database with the demo catalogue, then the service on it. */
const dataDir = mkdtempSync(join(tmpdir(), 'rental-demo-'));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
try {
  await runCli(['seed:demo']);
  const env = readEnv();
  // The demo's imported calendar is the demo's own feed, on this machine's loopback address.
  const service = await startService(env, { logLevel: env.logLevel ?? 'warn', configure: (config) => void (config.calendars.allowPrivateAddresses = true) });
  stopOnSignals(service);
  console.log(`Demo catalogue served at http://${env.host}:${env.port} (data in ${dataDir}); API docs at /api/docs.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
