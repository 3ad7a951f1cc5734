import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { once } from 'node:events';
import type { Redis } from 'ioredis';
import type { RentalConfig } from '../config/types.js';
import { DEFAULT_BOOKINGS_RATE_LIMIT } from '../config/defaults.js';
import { Errors } from '../errors/codes.js';
import { REDIS_OPTIONS, fallbackStore } from './rate-limit-store.js';

const tooMany = (_request: FastifyRequest, context: { ttl: number }) => {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return Errors.RATE_LIMITED(seconds);
};

/**
 * How long start-up waits for Redis to answer: an instance counts in Redis from its first
 * request when Redis is up (counted here meanwhile, two instances would each allow the limit),
 * and one whose Redis is down still starts.
 */
const REDIS_READY_WAIT_MS = 1000;

/**
 * Per-client limits (per account once signed in); counters in Redis when REDIS_URL is set
 * (ioredis is loaded only then), in this process while Redis cannot answer.
 */
export async function registerRateLimit(app: FastifyInstance, config: RentalConfig, redisUrl?: string): Promise<void> {
  if (config.rateLimit === false) return;
  const redis = redisUrl ? new (await import('ioredis')).Redis(redisUrl, REDIS_OPTIONS) : undefined;
  if (redis) {
    reportReachability(redis, app);
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    await readyWithin(redis, REDIS_READY_WAIT_MS);
  }
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.window,
    // After authentication, so that signed-in callers are counted per account.
    hook: 'preHandler',
    keyGenerator: (request) => (request.caller?.user ? `account:${request.caller.user.id}` : `ip:${request.ip}`),
    allowList: (request) => request.url === '/health' || request.url === '/ready',
    errorResponseBuilder: tooMany,
    ...(redis ? { store: fallbackStore(redis, 'rental-rate-limit:') } : {}),
  });
}

/** Waits until `redis` is ready or `ms` have passed, whichever comes first. */
async function readyWithin(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  const signal = AbortSignal.timeout(ms);
  await once(redis, 'ready', { signal }).catch(() => undefined);
}

/** One warning when Redis stops answering (ioredis reports every failed reconnect), one note when it answers again. */
function reportReachability(redis: Redis, app: FastifyInstance): void {
  let reachable = true;
  redis.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    app.log.warn({ reason: error.message }, 'Redis is not answering: rate limits are counted in this process until it does');
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    app.log.info('Redis answers again: rate limits are shared again');
  });
}

/**
 * Route options for the endpoints that take credentials (login, forgot-password,
 * reset-password): `rateLimit.login`'s stricter limit per client address, counted apart for
 * each `group` so that asking for a reset does not use up a client's logins.
 */
export function credentialsRateLimit(config: RentalConfig, group: string) {
  if (config.rateLimit === false || config.rateLimit.login === false) return {};
  return {
    config: {
      rateLimit: {
        max: config.rateLimit.login.max,
        timeWindow: config.rateLimit.login.window,
        keyGenerator: (request: FastifyRequest) => `${group}:${request.ip}`,
        groupId: group,
      },
    },
  };
}

/** Route options for POST /api/bookings: `rateLimit.bookings` per client address, whoever is signed in. */
export function bookingsRateLimit(config: RentalConfig) {
  if (config.rateLimit === false) return {};
  // A configuration built in code (tests, embedders) may set a rateLimit object without it.
  const limit = (config.rateLimit as Partial<typeof config.rateLimit>).bookings ?? DEFAULT_BOOKINGS_RATE_LIMIT;
  if (limit === false) return {};
  return {
    config: {
      rateLimit: {
        max: limit.max,
        timeWindow: limit.window,
        keyGenerator: (request: FastifyRequest) => `bookings:${request.ip}`,
        groupId: 'bookings',
      },
    },
  };
}
