import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RentalConfig } from '../config/types.js';
import { APIError } from '../errors/api-error.js';

const tooMany = (_request: FastifyRequest, context: { ttl: number }) => {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new APIError(429, `Too many requests; try again in ${seconds} seconds.`, undefined, { 'retry-after': String(seconds) });
};

/** Per-client limits (per account once signed in); counters in Redis when REDIS_URL is set (ioredis is loaded only then). */
export async function registerRateLimit(app: FastifyInstance, config: RentalConfig, redisUrl?: string): Promise<void> {
  if (config.rateLimit === false) return;
  const redis = redisUrl ? new (await import('ioredis')).Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.window,
    // After authentication, so that signed-in callers are counted per account.
    hook: 'preHandler',
    keyGenerator: (request) => (request.caller?.user ? `account:${request.caller.user.id}` : `ip:${request.ip}`),
    allowList: (request) => request.url === '/health' || request.url === '/ready',
    errorResponseBuilder: tooMany,
    ...(redis ? { redis, nameSpace: 'rental-rate-limit:', skipOnError: true } : {}),
  });
}

/**
 * Route options for the endpoints that take credentials (login, forgot-password,
 * reset-password): `rateLimit.login`'s stricter limit per client address, counted apart for
 * each `group` so that asking for a reset does not use up a client's logins.
 */
export function credentialsRateLimit(config: RentalConfig, group: string) {
  if (config.rateLimit === false) return {};
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
