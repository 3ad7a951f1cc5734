import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../scripts/start-command.js';
import { onServerCpu } from './pinning.js';

/** A server the bench started: the service or a reference. */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** From spawn to the first 200 on the ready path. */
  startupMs: number;
}

export interface StartOptions {
  /** Node's arguments: its flags and the script. */
  nodeArgs: readonly string[];
  cwd: string;
  env: Record<string, string>;
  readyPath: string;
  pin: boolean;
}

const READY_WITHIN_MS = 120_000;

/** Starts a Node server on a free loopback port (on the server's CPU when pinned), and waits until it answers 200 on `readyPath`. */
export async function startServer({ nodeArgs, cwd, env, readyPath, pin }: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const started = Date.now();
  const [command, args] = onServerCpu(pin, process.execPath, nodeArgs);
  // taskset sets the affinity and then execs Node: the child's pid is the server's.
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  while (Date.now() - started < READY_WITHIN_MS) {
    if (child.exitCode !== null) throw new Error(`${nodeArgs.at(-1)} exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url + readyPath)).ok) return { child, pid: child.pid as number, url, startupMs: Date.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGKILL');
  throw new Error(`${url}${readyPath} not ready within ${READY_WITHIN_MS} ms`);
}

/** SIGTERM, and the wait for its exit (the service drains and closes its database). */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

let ticksPerSecond: number | undefined;

/** CPU time the process has used so far, all its threads, user and system, in microseconds (/proc/<pid>/stat). */
export function cpuMicroseconds(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (2nd field) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) / ticksPerSecond) * 1e6;
}
