import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
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

const STATEMENT_CACHE_LIMIT = 200;
const { file, busyTimeoutMs } = workerData as { file: string; busyTimeoutMs: number };
const port = parentPort;
if (!port) throw new Error('sqlite-reader-worker runs as a worker thread');

let database = open(file, busyTimeoutMs);
const statements = new Map<string, Database.Statement>();

function prepared(sql: string): Database.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
    statement = database.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

port.on('message', (message: ReaderRequest | ReaderReopen) => {
  if ('reopen' in message) {
    statements.clear();
    database.close();
    database = open(file, busyTimeoutMs);
    return;
  }
  let answer: ReaderAnswer;
  try {
    const statement = prepared(message.sql);
    if (!statement.reader) throw new Error('The list reader runs queries only.');
    const rows = message.column ? statement.pluck(true).all(...message.parameters) : statement.pluck(false).all(...message.parameters);
    answer = { id: message.id, rows };
  } catch (error) {
    const { message: text, code } = error as { message: string; code?: unknown };
    answer = { id: message.id, error: { message: text, ...(typeof code === 'string' ? { code } : {}) } };
  }
  port.postMessage(answer);
});
