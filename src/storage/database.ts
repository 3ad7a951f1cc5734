import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_MIGRATION_TABLE, Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import { migrationProvider, type NamedMigrationProvider } from './migrations/index.js';
import type { DatabaseSchema, Dialect } from './schema.js';
import { AUTOCHECKPOINT_PAGES, BUSY_TIMEOUT_MS, openSqlite } from './sqlite-dialect.js';
import { DirectReader, WorkerReader, type ListReader } from './list-reader.js';
import { preparingPool, MAX_NAMED_STATEMENTS } from './prepared-statements.js';
import { StatementDeadline } from './statement-deadline.js';
import type { SqliteNow } from './sqlite-now.js';
import { WalCheckpointer, type CheckpointerOptions } from './wal-checkpointer.js';

export interface OpenDatabase {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Where list and count queries run (see ListReader). */
  reader: ListReader;
  close(): Promise<void>;
  /** Called when writes the database had accepted were lost before their commit (SQLite group commit). */
  onWritesLost?(listener: () => void): void;
  /** SQLite: called after each group commit's COMMIT. */
  onCommitted?(listener: () => void): void;
  /** SQLite: statements each group commit runs before its COMMIT. */
  runBeforeCommit?(statements: string[]): void;
  /** SQLite: a number that moves when another connection (another process) commits to the file. */
  dataVersion?(): number;
  /** SQLite: the hottest statements' fast lane (see SqliteNow). */
  now?: SqliteNow;
  /** PostgreSQL: from now on a statement unanswered for `ms` fails, and its connection is closed (see StatementDeadline). */
  limitStatements?(ms: number): void;
}

/** How long the service waits on PostgreSQL for a connection, and (once migrated) for a statement's answer, and on SQLite for a list query's: DATABASE_TIMEOUT_MS. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 10_000;
/** How many PostgreSQL connections one process keeps at most: DATABASE_POOL_SIZE. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** How the service uses its database. */
export interface DatabaseOptions {
  /** DATABASE_TIMEOUT_MS (PostgreSQL's connections and statements, SQLite's list queries); DEFAULT_DATABASE_TIMEOUT_MS when unset. */
  timeoutMs?: number;
  /** DATABASE_POOL_SIZE (PostgreSQL only); DEFAULT_DATABASE_POOL_SIZE when unset. */
  poolSize?: number;
  /** SQLite: when the checkpoint thread works (see WalCheckpointer); its defaults when unset. */
  checkpoints?: CheckpointerOptions;
}

const INT8_OID = 20;

/** Whether a DATABASE_URL names a PostgreSQL database (anything else is a SQLite file). */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

/** `file:./data/rental.db`, a plain path, or `postgres://…`. The PostgreSQL driver is loaded only for PostgreSQL. */
export async function openDatabase(url: string, dataDir: string, options: DatabaseOptions = {}): Promise<OpenDatabase> {
  const { timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS, poolSize = DEFAULT_DATABASE_POOL_SIZE } = options;
  if (isPostgresUrl(url)) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      // Also how long a request waits for a free connection when all are busy.
      connectionTimeoutMillis: timeoutMs,
      keepAlive: true,
      // The service's transactions run their statements back to back. One left without a
      // statement this long is an instance cut off mid-transaction: PostgreSQL ends it, and
      // the rows it locked are free again for the other instances (else until TCP gives up).
      idle_in_transaction_session_timeout: timeoutMs,
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'),
      },
    });
    // An idle connection the server drops (restart, terminated backend, network) is discarded by
    // the pool and replaced on the next query; without a listener its error would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const deadline = new StatementDeadline();
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: preparingPool(pool, MAX_NAMED_STATEMENTS, deadline) }) });
    return { db, dialect: 'postgres', reader: new DirectReader(db), close: () => db.destroy(), limitStatements: (ms) => deadline.limit(ms) };
  }
  const file = sqliteFile(url, dataDir);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  let opened: ReturnType<typeof openSqlite>;
  try {
    opened = openSqlite(file);
  } catch (error) {
    // "file is not a database" alone would not say which file.
    throw new Error(`Could not open the SQLite database ${file}: ${(error as Error).message}`);
  }
  const { dialect, driver } = opened;
  const db = new Kysely<DatabaseSchema>({ dialect });
  const reader = file === ':memory:' ? new DirectReader(db) : new WorkerReader(file, timeoutMs, BUSY_TIMEOUT_MS);
  // The checkpoint thread's descriptor for flushing the file. Closing any descriptor of a file
  // drops every POSIX lock the process holds on it, SQLite's too: it is closed after them.
  const flushFd = file === ':memory:' ? undefined : openSync(file, 'r');
  const checkpointer = flushFd === undefined ? undefined : checkpointInThread(file, driver, { ...options.checkpoints, flushFd });
  return {
    db,
    dialect: 'sqlite',
    reader,
    now: driver,
    async close() {
      // Its connections first: the last connection to close checkpoints the log.
      await checkpointer?.close();
      await reader.close();
      await db.destroy();
      if (flushFd !== undefined) closeSync(flushFd);
    },
    onWritesLost: (listener) => driver.onBatchLost(listener),
    onCommitted: (listener) => driver.onBatchCommitted(listener),
    runBeforeCommit: (statements) => driver.runBeforeCommit(statements),
    // Prepared once: sessions read it before every cached answer (ChangeFeed.otherWriters).
    dataVersion: ((statement) => () => statement.get() as number)(driver.database.raw.prepare('PRAGMA data_version').pluck()),
  };
}

/** Checkpoints taken off the service's connection, which takes them back if the thread fails. */
function checkpointInThread(file: string, driver: ReturnType<typeof openSqlite>['driver'], options?: CheckpointerOptions): WalCheckpointer {
  const { raw } = driver.database;
  const checkpointer = new WalCheckpointer(
    file,
    () => driver.batchOpen(),
    (error) => {
      console.error(`${error.message}; the service's connection checkpoints the log again.`);
      if (raw.open) raw.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    },
    options,
  );
  raw.pragma('wal_autocheckpoint = 0');
  driver.observeCommits(checkpointer);
  return checkpointer;
}

/** The SQLite file a DATABASE_URL names (an empty path: the data folder's rental.db). */
export function sqliteFile(url: string, dataDir: string): string {
  const path = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (path === ':memory:') return path;
  return resolve(path === '' ? `${dataDir}/rental.db` : path);
}

/**
 * Whether the database has run exactly the code's migrations, read without writing. Then
 * migrateToLatest would only take its lock and commit an empty transaction, which on SQLite
 * also started the checkpoint thread in the middle of every start-up. Anything else (a
 * pending migration, one the code does not know, an error) is left to migrateToLatest.
 */
async function migrated(provider: MigrationProvider, db: Kysely<DatabaseSchema>): Promise<boolean> {
  // By name where the provider can tell them: the unlisted migration files are then not loaded.
  const names = 'names' in provider ? (provider as NamedMigrationProvider).names() : Object.keys(await provider.getMigrations());
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const executed = new Set(rows.map((row) => row.name));
  return rows.length === names.length && names.every((name) => executed.has(name));
}

/**
 * Applies the pending migrations, all in one transaction on either database: a failure leaves
 * the schema as it was. Concurrent starters wait for each other (Kysely's migration lock on
 * PostgreSQL, the write lock on SQLite), so the migrations run once.
 */
export async function migrate(database: OpenDatabase, provider: MigrationProvider = migrationProvider(database.dialect)): Promise<void> {
  // Branches add migrations in number ranges of their own: one merged later than a higher
  // number already run (030 after 040) must still run, not stop the start.
  const migrator = new Migrator({ db: database.db, provider, allowUnorderedMigrations: true });
  if (await migrated(provider, database.db).catch(() => false)) return;
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    // No failed migration: the database could not be reached, or its migrations not read.
    throw new Error(failed ? `Database migration ${failed.migrationName} failed: ${cause}` : `Could not migrate the database: ${cause}`);
  }
}
