import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const SCRIPTS = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** An npm script's command line (package.json), split into words: `node`, its flags, the script. */
const words = (script: string): string[] => (SCRIPTS[script] ?? '').split(/\s+/);

const SETTING = /^[A-Z_][A-Z0-9_]*=/;

/** A start command's leading `NAME=value` words (set in the environment by the shell npm runs it in), and Node's arguments after `node`. */
export function parseStartCommand(command: string): { env: Record<string, string>; nodeArgs: string[] } {
  const all = command.trim().split(/\s+/);
  const node = all.findIndex((word) => !SETTING.test(word));
  const settings = all.slice(0, Math.max(node, 0)).map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]);
  return { env: Object.fromEntries(settings) as Record<string, string>, nodeArgs: all.slice(node + 1) };
}

const START = parseStartCommand(SCRIPTS.start ?? 'node dist/main.js');

/** The environment `npm start` sets (the allocator's MALLOC_ settings), so that the tests and the benchmark run what production runs. */
export const START_ENV: Readonly<Record<string, string>> = START.env;
/** Node's flags as `npm start` gives them. */
export const NODE_FLAGS: readonly string[] = START.nodeArgs.slice(0, -1);
/** The service's entry point as `npm start` names it. */
export const START_SCRIPT = START.nodeArgs[START.nodeArgs.length - 1] as string;
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
