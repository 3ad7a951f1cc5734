import { Worker } from 'node:worker_threads';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { NoAnswerError } from './answer-within.js';
import type { DatabaseSchema } from './schema.js';
import type { ReaderAnswer, ReaderMessage, TableStatistics } from './sqlite-reader-worker.js';

/**
 * Where the queries behind lists and counts run: the ones whose cost grows with the catalogue
 * (a `contains` scanning every description, a deep page sorted without an index), as against
 * point reads and writes.
 */
export interface ListReader {
  /** The rows a query answers. */
  rows<R>(query: CompiledQuery): Promise<R[]>;
  /** The values of a query's only column. */
  column<T>(query: CompiledQuery, name: string): Promise<T[]>;
  /** A table's planner statistics (SQLite's ANALYZE), gathered where that does not hold up the service, for the service to store. */
  statistics(table: string): Promise<TableStatistics>;
  /** After statistics were stored: the reader plans with them from then on. */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** On the service's own connection (PostgreSQL, whose server runs the query; an in-memory SQLite database, which no other connection can open). */
export class DirectReader implements ListReader {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async rows<R>(query: CompiledQuery): Promise<R[]> {
    return (await this.db.executeQuery<R>(query)).rows;
  }

  async column<T>(query: CompiledQuery, name: string): Promise<T[]> {
    return (await this.rows<Record<string, T>>(query)).map((row) => row[name] as T);
  }

  /** On the one connection there is, whose own commit misleads no other (in-memory SQLite only). */
  async statistics(table: string): Promise<TableStatistics> {
    await sql`ANALYZE ${sql.id(table)}`.execute(this.db);
    const { rows: stat1 } = await sql<TableStatistics['stat1'][number]>`SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl = ${table}`.execute(this.db);
    const { rows: samples } = await sql`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'`.execute(this.db);
    const stat4 = samples.length > 0 ? (await sql<TableStatistics['stat4'][number]>`SELECT tbl, idx, neq, nlt, ndlt, sample FROM sqlite_stat4 WHERE tbl = ${table}`.execute(this.db)).rows : [];
    return { stat1, stat4 };
  }

  async reopen(): Promise<void> {}

  async close(): Promise<void> {}
}

/** How long the reader thread may go without a query before it stops; the next query starts one (~40 ms). */
export const READER_IDLE_MS = 60_000;

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './sqlite-reader-worker.ts' : './sqlite-reader-worker.js', import.meta.url);

/** The reader thread; run from the TypeScript sources (the tests), through tsx, which Node 20 does not register in worker threads. */
function startWorker(workerData: unknown): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER_URL, { workerData });
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** `Omit` of each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface Waiting {
  request: ReaderMessage;
  /** Whether the running thread has it. */
  posted: boolean;
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
  deadline: NodeJS.Timeout;
}

/**
 * Threads given up on past a deadline that may still be running their query: better-sqlite3
 * cannot interrupt one, so such a thread stops only once its query ends. With this many,
 * no new thread starts until one of them has stopped.
 */
const MAX_ABANDONED = 2;

/**
 * SQLite's list and count queries on a thread of its own, with its own read-only connection
 * to the file (WAL: it reads the last committed state while the service writes). A query
 * that scans the catalogue takes the thread, not the event loop, so point reads, cached lists
 * and writes go on meanwhile. Queries run one after another, in order. One unanswered
 * `timeoutMs` after it was asked fails with NoAnswerError (a 503), as a PostgreSQL statement
 * past its deadline does; its thread is given up on (it stops once that query ends) and a new
 * one takes the queries behind it, unless MAX_ABANDONED threads are still finishing theirs:
 * then the queries wait for one of them to stop, within their own deadlines, so that a run of
 * runaway queries holds at most that many cores. The thread is started on first use and stops
 * after `idleMs` without queries: it holds ~25 MB (its own V8 heap and SQLite cache).
 */
export class WorkerReader implements ListReader {
  private worker: Worker | undefined;
  private readonly abandoned = new Set<Worker>();
  /** In the order they were asked, which is the order a thread answers them. */
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly timeoutMs: number,
    private readonly busyTimeoutMs: number,
    private readonly idleMs = READER_IDLE_MS,
  ) {}

  /** Threads running: the reader's and those given up on that are still finishing a query. */
  get threads(): number {
    return (this.worker ? 1 : 0) + this.abandoned.size;
  }

  rows<R>(query: CompiledQuery): Promise<R[]> {
    return this.ask({ sql: query.sql, parameters: query.parameters, column: false }) as Promise<R[]>;
  }

  /** The thread plucks the only column: it needs no name. */
  column<T>(query: CompiledQuery, _name?: string): Promise<T[]> {
    return this.ask({ sql: query.sql, parameters: query.parameters, column: true }) as Promise<T[]>;
  }

  /** On the thread, in turn with the queries, and within the same deadline. */
  async statistics(table: string): Promise<TableStatistics> {
    const [found] = (await this.ask({ statistics: table })) as [TableStatistics];
    return found;
  }

  async reopen(): Promise<void> {
    await this.ask({ reopen: true });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    const busy = this.waiting.size > 0;
    this.worker = undefined;
    this.failAll(new Error('The storage is closed.'));
    // A thread inside a query stops only when the query ends: not waited for.
    if (busy) void worker?.terminate();
    else await worker?.terminate();
  }

  private ask(message: DistributiveOmit<ReaderMessage, 'id'>): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('The storage is closed.'));
    return new Promise((resolve, reject) => {
      const request = { id: this.nextId++, ...message };
      const waiting: Waiting = { request, posted: false, resolve, reject, deadline: setTimeout(() => this.expire(waiting), this.timeoutMs) };
      this.waiting.set(request.id, waiting);
      this.dispatch();
    });
  }

  /** Gives a thread the queries it does not have yet, in order, if a thread can be had. */
  private dispatch(): void {
    const unposted = [...this.waiting.values()].filter((waiting) => !waiting.posted);
    if (unposted.length === 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const worker = this.thread();
    if (!worker) return;
    for (const waiting of unposted) {
      worker.postMessage(waiting.request);
      waiting.posted = true;
    }
  }

  private thread(): Worker | undefined {
    if (this.worker) return this.worker;
    if (this.closed || this.abandoned.size >= MAX_ABANDONED) return undefined;
    const worker = startWorker({ file: this.file, busyTimeoutMs: this.busyTimeoutMs });
    // An idle reader does not keep the process alive; a query waiting on it does, by its deadline's timer.
    worker.unref();
    worker.on('message', (answer: ReaderAnswer) => {
      if (worker === this.worker) this.answered(answer);
    });
    worker.on('error', (error) => {
      if (worker === this.worker) this.lost(error);
    });
    worker.on('exit', (code) => {
      if (this.abandoned.delete(worker)) this.dispatch();
      else if (worker === this.worker) this.lost(new Error(`The SQLite reader thread stopped (exit code ${code}).`));
    });
    this.worker = worker;
    return worker;
  }

  private answered(answer: ReaderAnswer): void {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.settle(waiting);
    if ('error' in answer) waiting.reject(Object.assign(new Error(answer.error.message), answer.error.code ? { code: answer.error.code } : {}));
    else waiting.resolve(answer.rows);
    if (this.waiting.size === 0) this.idleTimer = setTimeout(() => this.stopIdle(), this.idleMs).unref();
  }

  private settle(waiting: Waiting): void {
    clearTimeout(waiting.deadline);
    this.waiting.delete(waiting.request.id);
  }

  /** A query past its deadline: the first of those waiting (they all wait as long, in order), so the one its thread is running. */
  private expire(waiting: Waiting): void {
    this.settle(waiting);
    waiting.reject(new NoAnswerError(`SQLite did not answer within ${this.timeoutMs} ms.`));
    const worker = this.worker;
    if (!worker || !waiting.posted) return;
    this.worker = undefined;
    this.abandoned.add(worker);
    void worker.terminate();
    for (const other of this.waiting.values()) other.posted = false;
    this.dispatch();
  }

  /** The thread failed or stopped: what it was asked is lost with it; the next query starts another. */
  private lost(error: Error): void {
    this.worker = undefined;
    this.failAll(error);
  }

  private failAll(error: Error): void {
    for (const waiting of [...this.waiting.values()]) {
      this.settle(waiting);
      waiting.reject(error);
    }
  }

  private stopIdle(): void {
    const worker = this.worker;
    if (!worker || this.waiting.size > 0) return;
    this.worker = undefined;
    void worker.terminate();
  }
}
