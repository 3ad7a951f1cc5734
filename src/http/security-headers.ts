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
 * The headers of every API response, after OWASP's REST Security Cheat Sheet: a JSON body or an
 * image is never rendered as a page, so it needs no policy for scripts, referrers, DNS
 * prefetching or Flash, only not to be sniffed as another type or framed, and HTTPS. Helmet's
 * full set (13 headers) cost each response ~3.5 KB of garbage and 12-17 % of a cached read's
 * CPU to validate and write; the docs page, which is HTML, still gets all of it.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Sets the headers on every response of the instance (and of its child contexts). */
export function addHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The API's security headers on every response, and CORS for the origins the configuration
 * lists (none by default: browsers then keep other sites from reading responses).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: RentalConfig): Promise<void> {
  addHeaders(app, API_HEADERS);
  const { origins } = config.cors;
  if (origins.length === 0) return;
  await app.register(fastifyCors, {
    origin: origins.includes('*') ? '*' : origins,
    credentials: !origins.includes('*') && config.auth.cookies,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Accept'],
    exposedHeaders: ['ETag', 'Location', 'Retry-After'],
    maxAge: 600,
    // An OPTIONS that is not a preflight (no Origin, no Access-Control-Request-Method) gets the
    // same 204 and headers, not the plugin's plain-text 400: every body the API sends is JSON.
    strictPreflight: false,
  });
}
