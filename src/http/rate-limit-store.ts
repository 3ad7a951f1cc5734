import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * How the rate limiter talks to Redis: a command that cannot be sent at once fails at once
 * (no queue while disconnected), none waits more than half a second for its answer, a
 * connection that stays silent for a second with commands outstanding is dropped and made
 * again, and a count that failed is never sent twice.
 */
export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  commandTimeout: 500,
  socketTimeout: 1000,
  connectTimeout: 2000,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
};

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * Counters shared in Redis, and counted in this process's memory whenever Redis cannot
 * answer at once (down, unreachable, or silent): requests are neither held up by Redis nor
 * let through unlimited while it is away. Each instance then limits on its own, and the
 * shared counts take over again as soon as Redis answers.
 */
export function fallbackStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class FallbackStore implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    /** The plugin constructs its store with its global options; `child` passes a route's two stores. */
    constructor(options: RateLimitOptions, stores?: { shared: FastifyRateLimitStore; local: FastifyRateLimitStore }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number): void {
      const countHere = () => this.local.incr(key, callback, timeWindow, max);
      if (redis.status !== 'ready') return countHere();
      this.shared.incr(key, (error, result) => (error ? countHere() : callback(null, result)), timeWindow, max);
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      return new FallbackStore({}, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }
  };
}
