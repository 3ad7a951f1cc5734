import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const SCRIPTS = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** An npm script's command line (package.json), split into words: `node`, its flags, the script. */
const words = (script: string): string[] => (SCRIPTS[script] ?? '').split(/\s+/);
const START = words('start');

/** Node's flags as `npm start` gives them, so that the tests and the benchmark run what production runs. */
export const NODE_FLAGS: readonly string[] = START.slice(1, -1);
/** The service's entry point as `npm start` names it. */
export const START_SCRIPT = START[START.length - 1] as string;
/** Node's arguments for the command line tool, as `npm run rental` gives them (then the tool's own). */
export const CLI_ARGS: readonly string[] = words('rental').slice(1);

/**
 * A port nothing listens on, chosen by the kernel from its ephemeral range: a fixed range of
 * our own once included PostgreSQL's 5432, and two test files could pick the same port.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}
