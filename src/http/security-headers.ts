import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { RentalConfig } from '../config/types.js';

/**
 * Helmet's default headers do not depend on the request, so they are computed once, by running
 * helmet against a response that is never sent, instead of rebuilding them on every request.
 */
export function helmetHeaders(): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet()(response.req, response, () => undefined);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) headers[name] = String(value);
  return headers;
}

/**
 * Helmet's default security headers on every response, and CORS for the origins the
 * configuration lists (none by default: browsers then keep other sites from reading responses).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: RentalConfig): Promise<void> {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
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
