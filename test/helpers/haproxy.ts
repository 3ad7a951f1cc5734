import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../../scripts/start-command.js';
import { until } from './until.js';

/** The repository's HAProxy configuration, the one deploy/compose.yaml uses. */
export const HAPROXY_CONFIG = resolve('deploy/haproxy.cfg');

/** HAProxy's binary, or undefined where it is not installed (Debian's `haproxy` package; .ci/run installs it). */
export const HAPROXY = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', 'haproxy'].find((path) => !spawnSync(path, ['-v']).error);

/** One backend server as HAProxy's statistics report it. */
export interface BackendServer {
  /** UP, DOWN, or a transition such as `UP 1/2` (going down) or `DOWN 1/2` (coming up). */
  status: string;
  /** Requests (sessions) it was sent. */
  sent: number;
}

/** HAProxy in front of servers on loopback ports, with deploy/haproxy.cfg. */
export interface LoadBalancer {
  url: string;
  statsUrl: string;
  /** The `instances` backend's servers (`rental-1`…), as HAProxy sees them now. */
  servers(): Promise<Record<string, BackendServer>>;
  /** Waits until HAProxy reports `name` with `status` (exactly: UP or DOWN); whether it did within `withinMs`. */
  waitFor(name: string, status: 'UP' | 'DOWN', withinMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Starts HAProxy in the foreground for `servers` (host:port, at most four: rental-1…rental-4), and waits until all are UP. */
export async function startLoadBalancer(servers: string[]): Promise<LoadBalancer> {
  if (!HAPROXY) throw new Error('HAProxy is not installed (apt-get install haproxy)');
  if (servers.length < 1 || servers.length > 4) throw new Error('deploy/haproxy.cfg takes one to four instances');
  const [port, statsPort] = [await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH ?? '',
    RENTAL_LISTEN: `127.0.0.1:${port}`,
    RENTAL_STATS_LISTEN: `127.0.0.1:${statsPort}`,
    ...Object.fromEntries(servers.map((address, index) => [`RENTAL_${index + 1}`, address])),
  };
  const child = spawn(HAPROXY, ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-4096)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;

  const read = async (): Promise<Record<string, BackendServer>> => {
    const [header = '', ...rows] = (await (await fetch(`${statsUrl};csv`)).text()).trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const found: Record<string, BackendServer> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[at('pxname')] !== 'instances' || ['FRONTEND', 'BACKEND'].includes(cells[at('svname')] ?? '')) continue;
      found[cells[at('svname')] as string] = { status: cells[at('status')] ?? '', sent: Number(cells[at('stot')]) };
    }
    return found;
  };
  const balancer: LoadBalancer = {
    url,
    statsUrl,
    servers: read,
    waitFor: (name, status, withinMs = 10_000) => until(async () => (await read())[name]?.status === status, withinMs, 50),
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
  const names = servers.map((_, index) => `rental-${index + 1}`);
  const ready = await until(async () => {
    if (child.exitCode !== null) throw new Error(`HAProxy exited with ${child.exitCode}: ${stderr}`);
    try {
      const known = await read();
      return names.every((name) => known[name]?.status === 'UP');
    } catch {
      return false; // not listening yet
    }
  }, 15_000, 50);
  if (!ready) {
    await balancer.close();
    throw new Error(`HAProxy did not report ${names.join(', ')} UP within 15 s: ${stderr}`);
  }
  return balancer;
}
