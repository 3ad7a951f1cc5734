import { resolve } from 'node:path';

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
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const dataDir = resolve(source.DATA_DIR || './data');
  const port = Number(source.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not \`${source.PORT}\`.`);
  const cacheMb = source.CACHE_MB ? Number(source.CACHE_MB) : undefined;
  if (cacheMb !== undefined && !(Number.isFinite(cacheMb) && cacheMb >= 1)) throw new Error(`CACHE_MB must be a number of megabytes (at least 1), not \`${source.CACHE_MB}\`.`);
  return {
    port,
    host: source.HOST || '127.0.0.1',
    databaseUrl: source.DATABASE_URL || `file:${dataDir}/rental.db`,
    redisUrl: source.REDIS_URL || undefined,
    secret: source.RENTAL_SECRET || undefined,
    configPath: resolve(source.RENTAL_CONFIG || './rental.config.ts'),
    configRequired: Boolean(source.RENTAL_CONFIG),
    dataDir,
    ...(cacheMb !== undefined ? { cacheBytes: Math.round(cacheMb * 1024 * 1024) } : {}),
  };
}
