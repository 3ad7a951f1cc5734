import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** The service and the reference servers run here. */
export const SERVER_CPU = 0;
/** The load generator (this process, all its threads) runs here. */
export const LOAD_CPU = 1;

/** Whether this machine can keep the load generator off the server's core: two cores and taskset. */
export function canPin(): boolean {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves every thread of this process to LOAD_CPU. Threads started later (autocannon's sockets
 * share the main thread; libuv's pool is started by it) inherit the main thread's affinity, and
 * so do the child processes not started through `onServerCpu` (seeding).
 */
export function pinSelfToLoadCpu(): void {
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', String(LOAD_CPU), String(process.pid)], { stdio: 'ignore' });
}

/** The command line that runs `command` with all its threads on SERVER_CPU (or as it is, unpinned). */
export function onServerCpu(pin: boolean, command: string, args: readonly string[]): [string, string[]] {
  return pin ? ['taskset', ['--cpu-list', String(SERVER_CPU), command, ...args]] : [command, [...args]];
}
