import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie a browser application served by the service itself (the dashboard at
 * /admin) asks for with `?cookie=true` on login or reset-password. It works whatever
 * `auth.cookies` says, so that the default configuration (Bearer tokens for API clients) still
 * has a dashboard whose token no script can read. SameSite=Strict: no other site's page ever
 * sends it; the CSRF rule of SPEC 4 applies to it as well. Path /api: the dashboard's own pages
 * and assets are static and never need it.
 */
export const SESSION_COOKIE = 'rental-session';
const PATH = '/api';

export const CookieQuery = Type.Object({
  cookie: Type.Optional(
    Type.Boolean({
      description:
        'true: also keep the session in the HttpOnly, SameSite=Strict cookie `rental-session` (Path /api), which then authenticates every endpoint ' +
        'whether or not `auth.cookies` is on; cookie-authenticated POST/PATCH/DELETE from a foreign Origin are a 403. For browser applications ' +
        'served by the service itself (the dashboard at /admin). The response body is the same either way; refresh renews the cookie and logout clears it.',
    }),
  ),
});

/** `?cookie=true` (the query parser gives strings; a validating compiler may give a boolean). */
export const wantsSessionCookie = (query: unknown): boolean => {
  const value = (query as { cookie?: unknown } | undefined)?.cookie;
  return value === true || value === 'true';
};

/** Whether the request carried the session cookie (a refresh then renews it, a logout clears it). */
export const hasSessionCookie = (request: FastifyRequest): boolean => Boolean(request.cookies?.[SESSION_COOKIE]);

const secure = () => process.env.NODE_ENV !== 'development';

export function setSessionCookie(reply: FastifyReply, token: string, exp: number): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: secure(), path: PATH, expires: new Date(exp * 1000) });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secure(), path: PATH });
}

/**
 * A response to a cookie-authenticated request is one person's: unless its route says how it
 * may be cached (a product's `no-cache` with its ETag, a media file's long life, both set later
 * by their handlers), no browser keeps it, so that the next person at that browser never sees it.
 * A synchronous preHandler after the caller is known: nothing more for Bearer or anonymous requests.
 */
export function registerPrivateResponses(app: FastifyInstance): void {
  app.addHook('preHandler', (request, reply, done) => {
    if (request.caller?.via === 'cookie') reply.header('cache-control', 'no-store');
    done();
  });
}
