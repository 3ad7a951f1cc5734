import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { RentalConfig } from '../config/types.js';

/**
 * Helmet's default security headers on every response, and CORS for the origins the
 * configuration lists (none by default: browsers then keep other sites from reading responses).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: RentalConfig): Promise<void> {
  await app.register(fastifyHelmet, { global: true });
  const { origins } = config.cors;
  if (origins.length === 0) return;
  await app.register(fastifyCors, {
    origin: origins.includes('*') ? '*' : origins,
    credentials: !origins.includes('*') && config.auth.cookies,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Accept'],
    exposedHeaders: ['ETag', 'Location', 'Retry-After'],
    maxAge: 600,
  });
}
