import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_FLAGS } from '../scripts/start-command.js';
import { drive } from './load.js';
import { startServer, stopServer, type ServerProcess } from './processes.js';

/**
 * C: bare Fastify answering a small constant JSON. B1: the same server sending, as a constant,
 * the exact bytes of one product the service answered at depth 1; B2: of one list page of 20.
 * No service can beat B1 or B2 at that size: the gap is the service's own work.
 */
export type ReferenceName = 'C' | 'B1' | 'B2';

export interface ReferenceMeasure {
  name: ReferenceName;
  requestsPerSecond: number;
  connections: number;
}

export interface ReferenceTiming {
  duration: number;
  warmup: number;
  pin: boolean;
}

export class References {
  private readonly servers = new Map<ReferenceName, ServerProcess>();
  /** The last measure, while nothing else ran after it: the next scenario's "before". */
  private last: ReferenceMeasure | undefined;
  readonly bytes = new Map<ReferenceName, number>();

  constructor(
    private readonly root: string,
    private readonly timing: ReferenceTiming,
  ) {}

  /** Starts the three servers; B1 and B2 answer the bodies given (taken from the service). */
  async start(bodies: { B1: Buffer; B2: Buffer }, work: string): Promise<void> {
    await this.startOne('C', undefined);
    for (const name of ['B1', 'B2'] as const) {
      const file = join(work, `${name}.json`);
      writeFileSync(file, bodies[name]);
      this.bytes.set(name, bodies[name].length);
      await this.startOne(name, file);
    }
  }

  private async startOne(name: ReferenceName, bodyFile: string | undefined): Promise<void> {
    const server = await startServer({
      // Node's flags as `npm start` gives them to the service.
      nodeArgs: [...NODE_FLAGS, 'bench/reference-server.mjs'],
      cwd: this.root,
      env: bodyFile ? { CONSTANT_BODY: bodyFile } : {},
      readyPath: '/',
      pin: this.timing.pin,
    });
    this.servers.set(name, server);
    // Compiled by V8 before it is measured, as the service is by its warm-up.
    await drive({ url: `${server.url}/`, connections: 10, duration: 2 });
  }

  /** The reference right before a scenario: the one measured last if nothing ran since, else a new measure. */
  async before(name: ReferenceName, connections: number): Promise<ReferenceMeasure> {
    const last = this.last;
    this.last = undefined;
    if (last && last.name === name && last.connections === connections) return last;
    return this.measure(name, connections);
  }

  /** The reference right after a scenario (and the next one's "before" if it uses the same). */
  async after(name: ReferenceName, connections: number): Promise<ReferenceMeasure> {
    const measure = await this.measure(name, connections);
    this.last = measure;
    return measure;
  }

  /** Something other than a reference ran (a scenario): the last measure is no longer adjacent. */
  interrupted(): void {
    this.last = undefined;
  }

  private async measure(name: ReferenceName, connections: number): Promise<ReferenceMeasure> {
    const server = this.servers.get(name);
    if (!server) throw new Error(`reference ${name} is not running`);
    const url = `${server.url}/`;
    if (this.timing.warmup > 0) await drive({ url, connections, duration: this.timing.warmup });
    const load = await drive({ url, connections, duration: this.timing.duration });
    if (load.failures > 0) throw new Error(`reference ${name}: ${load.failures} failed answers`);
    return { name, requestsPerSecond: load.requestsPerSecond, connections };
  }

  async stop(): Promise<void> {
    for (const server of this.servers.values()) await stopServer(server);
    this.servers.clear();
  }
}
