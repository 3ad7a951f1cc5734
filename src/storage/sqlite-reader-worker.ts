import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { CachedDatabase } from './cached-database.js';
import { registerFoldFunctions } from './sqlite-functions.js';

/** A query for the reader thread: `column` answers the first column's values instead of row objects. */
export interface ReaderRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  column: boolean;
}

/** A table's planner statistics, gathered and not stored (see `statistics`). */
export interface ReaderStatistics {
  id: number;
  statistics: string;
}

/** Opens the reader's connection again: it plans with the statistics stored since it opened. */
export interface ReaderReopen {
  id: number;
  reopen: true;
}

export type ReaderMessage = ReaderRequest | ReaderStatistics | ReaderReopen;

/** A table's rows of `sqlite_stat1` and `sqlite_stat4` (none when SQLite keeps no samples). */
export interface TableStatistics {
  stat1: { tbl: string; idx: string | null; stat: string }[];
  stat4: { tbl: string; idx: string; neq: string; nlt: string; ndlt: string; sample: Uint8Array }[];
}

export type ReaderAnswer = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

/** The connection's settings as the service's own connection has them for reads (see openSqlite). */
function open(file: string, busyTimeoutMs: number): Database.Database {
  const raw = new Database(file, { readonly: true, fileMustExist: true });
  raw.pragma(`busy_timeout = ${busyTimeoutMs}`);
  raw.pragma('cache_size = -8192');
  raw.pragma('temp_store = MEMORY');
  registerFoldFunctions(raw);
  return raw;
}

const { file, busyTimeoutMs } = workerData as { file: string; busyTimeoutMs: number };
const port = parentPort;
if (!port) throw new Error('sqlite-reader-worker runs as a worker thread');

let database = new CachedDatabase(open(file, busyTimeoutMs));

/**
 * ANALYZE on a connection of its own, since the reader's cannot write: it reads the whole
 * table (~150 ms per 100,000 products), here and not on the event loop, holding the write
 * lock meanwhile, which the service's writers wait for without blocking (GroupCommitDriver).
 * Its transaction is rolled back once the rows are read, so nothing is committed here: the
 * service's connection would take another connection's commit for another process's write
 * (`PRAGMA data_version`) and empty every cache. The service stores the rows itself.
 */
function statistics(table: string): TableStatistics {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Not a table name: ${table}`);
  const writer = new Database(file, { fileMustExist: true });
  try {
    writer.pragma(`busy_timeout = ${busyTimeoutMs}`);
    writer.exec('BEGIN');
    try {
      writer.exec(`ANALYZE ${table}`);
      const stat1 = writer.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl = ?').all(table) as TableStatistics['stat1'];
      const samples = writer.prepare(`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'`).get() !== undefined;
      const stat4 = samples ? (writer.prepare('SELECT tbl, idx, neq, nlt, ndlt, sample FROM sqlite_stat4 WHERE tbl = ?').all(table) as TableStatistics['stat4']) : [];
      return { stat1, stat4 };
    } finally {
      writer.exec('ROLLBACK');
    }
  } finally {
    writer.close();
  }
}

function query(message: ReaderRequest): unknown[] {
  const statement = database.prepare(message.sql);
  if (!statement.reader) throw new Error('The list reader runs queries only.');
  return message.column ? statement.pluck(true).all(...message.parameters) : statement.pluck(false).all(...message.parameters);
}

port.on('message', (message: ReaderMessage) => {
  let answer: ReaderAnswer;
  try {
    let rows: unknown[] = [];
    if ('statistics' in message) rows = [statistics(message.statistics)];
    else if ('reopen' in message) {
      database.raw.close();
      database = new CachedDatabase(open(file, busyTimeoutMs));
    } else rows = query(message);
    answer = { id: message.id, rows };
  } catch (error) {
    const { message: text, code } = error as { message: string; code?: unknown };
    answer = { id: message.id, error: { message: text, ...(typeof code === 'string' ? { code } : {}) } };
  }
  port.postMessage(answer);
});
