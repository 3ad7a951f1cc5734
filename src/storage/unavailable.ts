import { NoAnswerError } from './answer-within.js';

/** Socket errors of a database that cannot be reached (restarting, partitioned, overloaded). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs of a server that is there but not serving this connection: class 08
 * (connection exception), 53300 (too many connections), 57P01–57P03 (shutting down, crashed,
 * starting up).
 */
const UNAVAILABLE_STATES = /^(08...|53300|57P0[123])$/;

/** What pg and pg-pool say, without a code, when a connection is lost or none can be had in time. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** SQLite's answer while another connection holds the lock a statement needs. */
export const isSqliteBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/**
 * Whether a failure is the database being unreachable or busy for now, rather than a fault of
 * the request or of the service: answered 503 with a Retry-After, so that clients and load
 * balancers retry instead of reporting a bug. SQLite is busy when another process holds its
 * write lock for longer than the busy timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof NoAnswerError || isSqliteBusy(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}
