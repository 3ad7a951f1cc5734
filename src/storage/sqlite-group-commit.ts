import type Database from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { isSqliteBusy } from './unavailable.js';
import type { NowStatements, SqliteNow } from './sqlite-now.js';

/** What the driver needs of the database: cached prepared statements and the raw handle. */
export interface StatementSource {
  readonly raw: Database.Database;
  prepare(sql: string): Database.Statement;
}

/** Told of every commit, and able to hold the next batch back a moment (see WalCheckpointer). */
export interface CommitObserver {
  committed(): void;
  /** What the next batch waits for before it begins; undefined: it begins at once. */
  beforeBegin(): Promise<void> | undefined;
}

/**
 * The one connection's lease: its holder runs statements while every other caller waits.
 * A holder may give it up and take it again while it has nothing open (see beginBatch).
 */
class Lease {
  private held: Promise<void> | undefined;
  private free: (() => void) | undefined;

  async take(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.free = resolve));
  }

  give(): void {
    const free = this.free;
    this.held = undefined;
    this.free = undefined;
    free?.();
  }
}

/**
 * Group commit for SQLite. The writes of one event-loop turn share one transaction: each
 * Kysely transaction is a SAVEPOINT inside it (rolled back alone on error), a write outside a
 * transaction simply joins it, and the COMMIT runs once the turn's work is done
 * (setImmediate, after any open savepoint is released). A writer is answered only after that
 * COMMIT, so what is acknowledged is committed as before; the commit's fixed cost (WAL
 * frames of shared index pages, the full-text index's new segment) is paid once per batch
 * instead of once per write. Reads in the window see the batch, as they would on one
 * connection; if the COMMIT fails every writer of the batch gets the error and
 * `onBatchLost` listeners (the read caches) are told.
 *
 * While another process holds the file's write lock, BEGIN IMMEDIATE is retried from timers
 * for up to `busyWaitMs` instead of waiting in SQLite's busy handler, which would block the
 * event loop, and so every other request, for as long; between attempts the waiting writer
 * lends the connection to the callers queued behind it, so that reads go on meanwhile.
 */
export class GroupCommitDriver implements Driver, SqliteNow {
  private readonly connection: BatchConnection;
  private readonly lease = new Lease();

  constructor(
    readonly database: StatementSource,
    busyWaitMs: number,
  ) {
    this.connection = new BatchConnection(database, busyWaitMs, this.lease);
  }

  onBatchLost(listener: () => void): void {
    this.connection.lostListeners.push(listener);
  }

  observeCommits(observer: CommitObserver): void {
    this.connection.observer = observer;
  }

  /** Whether a batch is open (begun and not yet committed). */
  batchOpen(): boolean {
    return this.connection.batchOpen;
  }

  /** Called after each batch's COMMIT (the outbox's readers look for new events then). */
  onBatchCommitted(listener: () => void): void {
    this.connection.committedListeners.push(listener);
  }

  /** Statements every batch runs last, outside any write's savepoint, before its COMMIT. */
  runBeforeCommit(statements: string[]): void {
    this.connection.beforeCommit.push(...statements);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lease.take();
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    await this.connection.openSavepoint();
  }

  async commitTransaction(): Promise<void> {
    this.connection.closeSavepoint('release');
  }

  async rollbackTransaction(): Promise<void> {
    this.connection.closeSavepoint('rollback');
  }

  /** Frees the connection for the next caller, then waits for the commit of what this lease wrote. */
  async releaseConnection(): Promise<void> {
    const wrote = this.connection.takeWrites();
    this.lease.give();
    if (wrote) await wrote;
  }

  async read<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    await this.lease.take();
    try {
      return this.database.prepare(sql).all(parameters) as R[];
    } finally {
      this.lease.give();
    }
  }

  /** What Kysely's transaction does (lease, savepoint, release, commit), with `work` run at once. */
  async write<T>(work: (db: NowStatements) => T): Promise<T> {
    await this.lease.take();
    try {
      await this.connection.openSavepoint();
      let result: T;
      try {
        result = work(this.connection.now);
      } catch (error) {
        this.connection.closeSavepoint('rollback');
        throw error;
      }
      this.connection.closeSavepoint('release');
      return result;
    } finally {
      await this.releaseConnection();
    }
  }

  async destroy(): Promise<void> {
    this.connection.commit();
    this.database.raw.close();
  }
}

interface Batch {
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Its writers await it; without this a batch nobody awaits any more would warn as unhandled.
  committed.catch(() => undefined);
  return { committed, resolve, reject };
}

const SAVEPOINT = 'group_commit_write';
/** The longest pause between two attempts at the write lock. */
const MAX_LOCK_PAUSE_MS = 20;

class BatchConnection implements DatabaseConnection {
  readonly lostListeners: (() => void)[] = [];
  readonly committedListeners: (() => void)[] = [];
  readonly beforeCommit: string[] = [];
  observer: CommitObserver | undefined;
  private batch: Batch | undefined;
  private savepointOpen = false;
  /** The turn ended while a transaction was open: commit when it closes. */
  private commitWhenClosed = false;
  /** The batch the current lease wrote to, if it wrote. */
  private leaseWrote: Batch | undefined;

  constructor(
    private readonly database: StatementSource,
    private readonly busyWaitMs: number,
    private readonly lease: Lease,
  ) {}

  /** Statements for SqliteNow.write's work, inside its savepoint (the batch is joined already). */
  readonly now: NowStatements = {
    run: (sql, parameters) => {
      try {
        return this.database.prepare(sql).run(parameters).changes;
      } catch (error) {
        this.checkStillOpen(error);
        throw error;
      }
    },
    all: <R>(sql: string, parameters: readonly unknown[]) => this.database.prepare(sql).all(parameters) as R[],
  };

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.database.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    await this.joinBatch();
    try {
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      this.checkStillOpen(error);
      throw error;
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by this SQLite driver');
  }

  async openSavepoint(): Promise<void> {
    await this.joinBatch();
    this.run(`SAVEPOINT ${SAVEPOINT}`);
    this.savepointOpen = true;
  }

  closeSavepoint(how: 'release' | 'rollback'): void {
    this.savepointOpen = false;
    if (!this.checkStillOpen()) return;
    if (how === 'rollback') this.run(`ROLLBACK TO ${SAVEPOINT}`);
    this.run(`RELEASE ${SAVEPOINT}`);
    if (this.commitWhenClosed) this.commit();
  }

  get batchOpen(): boolean {
    return this.batch !== undefined;
  }

  takeWrites(): Promise<void> | undefined {
    const wrote = this.leaseWrote;
    this.leaseWrote = undefined;
    return wrote?.committed;
  }

  /** Commits the open batch, if any, and settles its writers; waits for an open transaction to close. */
  commit(): void {
    this.commitWhenClosed = false;
    const batch = this.batch;
    if (!batch) return;
    if (this.savepointOpen) {
      this.commitWhenClosed = true;
      return;
    }
    if (!this.checkStillOpen()) return;
    this.batch = undefined;
    try {
      for (const statement of this.beforeCommit) this.run(statement);
      this.run('COMMIT');
      batch.resolve();
      for (const listener of this.committedListeners) listener();
    } catch (error) {
      if (this.database.raw.inTransaction) this.run('ROLLBACK');
      this.lost(batch, error);
      return;
    }
    this.observer?.committed();
  }

  private async joinBatch(): Promise<void> {
    if (this.batch) this.checkStillOpen();
    if (!this.batch) await this.beginBatch();
    this.leaseWrote = this.batch;
  }

  /**
   * Opens a batch with BEGIN IMMEDIATE, without SQLite's busy handler. While another process
   * holds the write lock it tries again after pauses growing to MAX_LOCK_PAUSE_MS, for up to
   * busyWaitMs, then throws the SQLITE_BUSY error. During each pause it gives the lease to
   * whoever waits for it (nothing of this caller's is open yet): reads run, and a writer
   * waits in its turn, or opens the batch that this caller then joins. While the observer
   * holds new batches back it waits the same way, first.
   */
  private async beginBatch(): Promise<void> {
    for (let held = this.observer?.beforeBegin(); held; held = this.observer?.beforeBegin()) {
      this.lease.give();
      await held;
      await this.lease.take();
    }
    const giveUpAt = Date.now() + this.busyWaitMs;
    for (let pause = 1; !this.batch; pause = Math.min(pause * 2, MAX_LOCK_PAUSE_MS)) {
      if (this.tryBeginImmediate(Date.now() >= giveUpAt)) {
        const batch = newBatch();
        this.batch = batch;
        setImmediate(() => {
          if (this.batch === batch) this.commit();
        });
        return;
      }
      this.lease.give();
      await new Promise((resolve) => setTimeout(resolve, pause));
      await this.lease.take();
    }
  }

  /** BEGIN IMMEDIATE at once: false while another process holds the write lock, its error once `last`. */
  private tryBeginImmediate(last: boolean): boolean {
    const { raw } = this.database;
    raw.pragma('busy_timeout = 0');
    try {
      this.run('BEGIN IMMEDIATE');
      return true;
    } catch (error) {
      if (!isSqliteBusy(error) || last) throw error;
      return false;
    } finally {
      raw.pragma(`busy_timeout = ${this.busyWaitMs}`);
    }
  }

  /**
   * After an I/O error or a full disk SQLite may roll the whole transaction back on its own:
   * the batch is then lost, and its writers are told. False when that happened.
   */
  private checkStillOpen(error?: unknown): boolean {
    const batch = this.batch;
    if (!batch || this.database.raw.inTransaction) return true;
    error ??= new Error('SQLite rolled the transaction back');
    this.batch = undefined;
    this.savepointOpen = false;
    this.commitWhenClosed = false;
    this.lost(batch, error);
    return false;
  }

  private lost(batch: Batch, error: unknown): void {
    batch.reject(error);
    for (const listener of this.lostListeners) listener();
  }

  private run(sql: string): void {
    this.database.prepare(sql).run();
  }
}
