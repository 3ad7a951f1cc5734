import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Build } from './builds.js';
import { startClusterService } from './cluster-service.js';
import type { BenchDatabase } from './database.js';
import { parseStartCommand } from '../scripts/start-command.js';
import { cpuMicroseconds, rssMb, startServer, stopServer, type ServerProcess } from './processes.js';

/** The service under measure: one process, or several behind HAProxy (--instances). */
export interface Service {
  build: Build;
  url: string;
  /** Every service process: CPU time and RSS are their sums. */
  pids: number[];
  /** HAProxy's processes in front of them (--instances): their CPU time is reported apart. */
  balancerPids?: number[];
  startupMs: number;
  stop(): Promise<void>;
}

export interface ServiceSettings {
  pin: boolean;
  /** Processes behind HAProxy; undefined: one process alone. */
  instances: number | undefined;
  /** Folder for `node --cpu-prof` profiles, or none. */
  cpuProf: string | undefined;
  /** This checkout: its bench configuration is used for every build. */
  root: string;
  /** JSON merged into the bench configuration (RENTAL_BENCH_CONFIG). */
  extraConfig: Record<string, unknown>;
}

/** `npm start`'s command line as the build's package.json gives it: the environment it sets, Node's flags and the script. */
function startCommand(build: Build): { env: Record<string, string>; nodeArgs: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(build.root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return parseStartCommand(scripts.start ?? 'node dist/main.js');
}

export async function startService(build: Build, database: BenchDatabase, settings: ServiceSettings): Promise<Service> {
  if (settings.instances !== undefined) return startClusterService(build, database, { ...settings, instances: settings.instances });
  const { env, nodeArgs: args } = startCommand(build);
  const profile = settings.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${settings.cpuProf}`] : [];
  const server: ServerProcess = await startServer({
    nodeArgs: [...args.slice(0, -1), ...profile, ...args.slice(-1)],
    cwd: build.root,
    env: {
      ...env,
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      RENTAL_CONFIG: join(settings.root, 'bench/bench.config.ts'),
      RENTAL_BENCH_CONFIG: JSON.stringify(settings.extraConfig),
      RENTAL_SECRET: 'benchmark-secret-benchmark-secret-0123456789',
    },
    readyPath: '/ready',
    pin: settings.pin,
  });
  return { build, url: server.url, pids: [server.pid], startupMs: server.startupMs, stop: () => stopServer(server) };
}

export const serviceCpuMicroseconds = (service: Pick<Service, 'pids'>): number => service.pids.reduce((sum, pid) => sum + cpuMicroseconds(pid), 0);
export const balancerCpuMicroseconds = (service: Service): number => (service.balancerPids ?? []).reduce((sum, pid) => sum + cpuMicroseconds(pid), 0);
export const serviceRssMb = (service: Service): number => service.pids.reduce((sum, pid) => sum + rssMb(pid), 0);
