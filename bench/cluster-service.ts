import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startCluster } from '../test/helpers/cluster.js';
import type { Build } from './builds.js';
import type { BenchDatabase } from './database.js';
import { SERVER_CPU } from './pinning.js';
import type { Service, ServiceSettings } from './service.js';

/** The processes started by this one whose command is `name` (HAProxy is started by the cluster helper). */
function childrenNamed(name: string): number[] {
  const listed = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return listed
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === name)
    .map(([pid]) => Number(pid));
}

/** Every thread of `pid`, and those it starts later, on SERVER_CPU. */
const pinToServerCpu = (pid: number) => execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', String(SERVER_CPU), String(pid)], { stdio: 'ignore' });

/**
 * `instances` service processes of this checkout behind HAProxy with deploy/haproxy.cfg, as the
 * HAProxy test starts them (test/helpers/cluster.ts), on the bench's PostgreSQL database. When
 * pinned, the instances and HAProxy share CPU 0, as one service does: the figures per instance
 * count then show what the extra processes cost on one core, not what more cores would give.
 * Its start-up is the whole cluster's: the S3 server, the instances and HAProxy with every
 * instance UP.
 */
export async function startClusterService(build: Build, database: BenchDatabase, settings: ServiceSettings & { instances: number }): Promise<Service> {
  const started = Date.now();
  const cluster = await startCluster({
    instances: settings.instances,
    configFile: join(settings.root, 'bench/bench.config.ts'),
    env: { DATABASE_URL: database.url, RENTAL_BENCH_CONFIG: JSON.stringify(settings.extraConfig), NODE_ENV: 'production' },
  });
  const startupMs = Date.now() - started;
  const pids = cluster.instances.map((instance) => instance.process.child.pid as number);
  const balancerPids = childrenNamed('haproxy');
  if (settings.pin) for (const pid of [...pids, ...balancerPids]) pinToServerCpu(pid);
  // The run stops the service before its last figures and again when it ends, whatever happened.
  let stopped: Promise<void> | undefined;
  return { build, url: cluster.url, pids, balancerPids, startupMs, stop: () => (stopped ??= cluster.close()) };
}
