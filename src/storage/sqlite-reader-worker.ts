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

/** Reopen the connection: its planner statistics are read on opening only. */
export interface ReaderReopen {
  reopen: true;
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

port.on('message', (message: ReaderRequest | ReaderReopen) => {
  if ('reopen' in message) {
    database.raw.close();
    database = new CachedDatabase(open(file, busyTimeoutMs));
    return;
  }
  let answer: ReaderAnswer;
  try {
    const statement = database.prepare(message.sql);
    if (!statement.reader) throw new Error('The list reader runs queries only.');
    const rows = message.column ? statement.pluck(true).all(...message.parameters) : statement.pluck(false).all(...message.parameters);
    answer = { id: message.id, rows };
  } catch (error) {
    const { message: text, code } = error as { message: string; code?: unknown };
    answer = { id: message.id, error: { message: text, ...(typeof code === 'string' ? { code } : {}) } };
  }
  port.postMessage(answer);
});
