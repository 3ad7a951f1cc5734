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

/** ANALYZE one table, then reopen the reader's connection to plan with what it found. */
export interface ReaderAnalyze {
  id: number;
  analyze: string;
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
 * A connection reads the statistics only as it opens, so the reader's is opened again.
 */
function analyze(table: string): void {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Not a table name: ${table}`);
  const writer = new Database(file, { fileMustExist: true });
  try {
    writer.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // Checkpoints stay the service's connection's.
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec(`ANALYZE ${table}`);
  } finally {
    writer.close();
  }
  database.raw.close();
  database = new CachedDatabase(open(file, busyTimeoutMs));
}

function query(message: ReaderRequest): unknown[] {
  const statement = database.prepare(message.sql);
  if (!statement.reader) throw new Error('The list reader runs queries only.');
  return message.column ? statement.pluck(true).all(...message.parameters) : statement.pluck(false).all(...message.parameters);
}

port.on('message', (message: ReaderRequest | ReaderAnalyze) => {
  let answer: ReaderAnswer;
  try {
    let rows: unknown[] = [];
    if ('analyze' in message) analyze(message.analyze);
    else rows = query(message);
    answer = { id: message.id, rows };
  } catch (error) {
    const { message: text, code } = error as { message: string; code?: unknown };
    answer = { id: message.id, error: { message: text, ...(typeof code === 'string' ? { code } : {}) } };
  }
  port.postMessage(answer);
});
