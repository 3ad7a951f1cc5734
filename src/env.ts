import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { DatabaseOptions } from './storage/database.js';
import { readMediaStorage, type MediaStorageEnv } from './media-env.js';

/** The process environment the service reads (SPEC section 7). */
export interface Env {
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl?: string;
  secret?: string;
  configPath: string;
  /** Whether RENTAL_CONFIG named the file (then it must exist). */
  configRequired: boolean;
  dataDir: string;
  /** Memory for the read caches, in bytes (CACHE_MB); unset, their default. */
  cacheBytes?: number;
  /** The file of rendered product bodies, in bytes (BODY_FILE_MB; 0 keeps them in memory); unset, its default. */
  bodyFileBytes?: number;
  /** Whether idle turns render product bodies ahead of their first read (WARM_BODIES). */
  warmBodies: boolean;
  /** Whether every answered request is logged (LOG_REQUESTS). */
  logRequests: boolean;
  /** How long to wait for PostgreSQL's connections and statements, and for SQLite's list queries (DATABASE_TIMEOUT_MS); unset, its default. */
  databaseTimeoutMs?: number;
  /** PostgreSQL: how many connections the process keeps at most (DATABASE_POOL_SIZE); unset, its default. */
  databasePoolSize?: number;
  /** pino's level (LOG_LEVEL); unset, the caller's default. */
  logLevel?: string;
  /** Where clients reach the service (PUBLIC_URL), without a trailing slash: the base of the absolute URLs it hands out; unset, the request's own scheme and host. */
  publicUrl?: string;
  /** Where media files live (MEDIA_STORAGE, S3_…); the local folder unless set. */
  media: MediaStorageEnv;
  /** The load balancers whose X-Forwarded-For names the client (TRUST_PROXY): their addresses or ranges; unset, none. */
  trustProxy?: string;
  /** A file the process appends a line of its memory's parts to every second (MEMORY_TRACE; a diagnostic); unset, none. */
  memoryTrace?: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const MB = 1024 * 1024;

/** A number of megabytes from the environment: at least `min`, or unset. */
function megabytes(source: NodeJS.ProcessEnv, name: string, min: number, what: string): number | undefined {
  const text = source[name];
  if (!text) return undefined;
  const value = Number(text);
  if (!(Number.isFinite(value) && value >= min)) throw new Error(`${name} must be a number of megabytes (${what}), not \`${text}\`.`);
  return Math.round(value * MB);
}

/** A whole number of `unit` from the environment, from `min` to `max`, or unset. */
function wholeNumber(source: NodeJS.ProcessEnv, name: string, unit: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const text = source[name];
  if (!text) return undefined;
  const value = Number(text);
  if (!(Number.isInteger(value) && value >= min && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new Error(`${name} must be a whole number of ${unit}, ${range}, not \`${text}\`.`);
  }
  return value;
}

const SWITCH: Record<string, boolean> = { '0': false, false: false, off: false, '1': true, true: true, on: true };

function onOrOff(source: NodeJS.ProcessEnv, name: string, unset = false): boolean {
  const set = source[name];
  if (!set) return unset;
  const value = SWITCH[set.toLowerCase()];
  if (value === undefined) throw new Error(`${name} must be on or off (1/0, true/false), not \`${set}\`.`);
  return value;
}

/**
 * A URL's scheme must be one the variable takes: a DATABASE_URL of another kind would otherwise
 * be taken for a SQLite path (`postgress://…` became a folder named after the URL, password
 * included, holding an empty database). Only the scheme is quoted back: the rest may hold a
 * password. Values without a scheme pass (paths, for DATABASE_URL).
 */
function checkScheme(source: NodeJS.ProcessEnv, name: string, allowed: RegExp, takes: string): void {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(source[name] ?? '')?.[1];
  if (scheme === undefined || allowed.test(scheme)) return;
  throw new Error(`${name} must be ${takes}, not a \`${scheme}:\` URL.`);
}

/**
 * TRUST_PROXY: the addresses (or CIDR ranges) of the load balancers in front. Behind one, every
 * request comes from its address: without this, rate limits would count all clients as one.
 */
function trustedProxies(source: NodeJS.ProcessEnv): string | undefined {
  const text = source.TRUST_PROXY?.trim();
  if (!text) return undefined;
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    if (version === 0 || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(`TRUST_PROXY must list the load balancers' addresses or CIDR ranges (127.0.0.1,10.0.0.0/8), not \`${entry}\`.`);
    }
  }
  return entries.join(',');
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const dataDir = resolve(source.DATA_DIR || './data');
  checkScheme(source, 'DATABASE_URL', /^(postgres|postgresql|file)$/, 'file:<path> or a path (SQLite), or postgres://… (PostgreSQL)');
  checkScheme(source, 'REDIS_URL', /^rediss?$/, 'redis://… (or rediss://… for TLS)');
  const port = Number(source.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not \`${source.PORT}\`.`);
  const cacheBytes = megabytes(source, 'CACHE_MB', 1, 'at least 1');
  const bodyFileBytes = megabytes(source, 'BODY_FILE_MB', 0, '0 or more');
  const databaseTimeoutMs = wholeNumber(source, 'DATABASE_TIMEOUT_MS', 'milliseconds', 100);
  const databasePoolSize = wholeNumber(source, 'DATABASE_POOL_SIZE', 'connections', 1, 1000);
  const logLevel = source.LOG_LEVEL || undefined;
  const publicBase = publicUrl(source);
  const trustProxy = trustedProxies(source);
  if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not \`${logLevel}\`.`);
  if (bodyFileBytes !== undefined && bodyFileBytes > 0 && bodyFileBytes < 16 * MB) throw new Error(`BODY_FILE_MB must be 0 (bodies in memory) or at least 16, not \`${source.BODY_FILE_MB}\`.`);
  return {
    port,
    host: source.HOST || '127.0.0.1',
    databaseUrl: source.DATABASE_URL || `file:${dataDir}/rental.db`,
    redisUrl: source.REDIS_URL || undefined,
    secret: source.RENTAL_SECRET || undefined,
    configPath: resolve(source.RENTAL_CONFIG || './rental.config.ts'),
    configRequired: Boolean(source.RENTAL_CONFIG),
    dataDir,
    ...(cacheBytes !== undefined ? { cacheBytes } : {}),
    ...(bodyFileBytes !== undefined ? { bodyFileBytes } : {}),
    warmBodies: onOrOff(source, 'WARM_BODIES', true),
    logRequests: onOrOff(source, 'LOG_REQUESTS'),
    ...(databaseTimeoutMs !== undefined ? { databaseTimeoutMs } : {}),
    ...(databasePoolSize !== undefined ? { databasePoolSize } : {}),
    ...(logLevel !== undefined ? { logLevel } : {}),
    ...(publicBase !== undefined ? { publicUrl: publicBase } : {}),
    media: readMediaStorage(source),
    ...(trustProxy !== undefined ? { trustProxy } : {}),
    ...(source.MEMORY_TRACE ? { memoryTrace: resolve(source.MEMORY_TRACE) } : {}),
  };
}

/** PUBLIC_URL: an http(s) URL, kept without its trailing slash. */
function publicUrl(source: NodeJS.ProcessEnv): string | undefined {
  const text = source.PUBLIC_URL;
  if (!text) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) throw new Error(`PUBLIC_URL must be an http:// or https:// URL without query or fragment, not \`${text}\`.`);
  return text.replace(/\/+$/, '');
}

/** What openStorage takes of the environment. */
export function databaseOptions(env: Env): DatabaseOptions {
  return {
    ...(env.databaseTimeoutMs !== undefined ? { timeoutMs: env.databaseTimeoutMs } : {}),
    ...(env.databasePoolSize !== undefined ? { poolSize: env.databasePoolSize } : {}),
  };
}
