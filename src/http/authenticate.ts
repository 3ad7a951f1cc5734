import type { FastifyRequest } from 'fastify';
import type { RentalConfig } from '../config/types.js';
import { Errors } from '../errors/codes.js';
import type { SessionManager } from '../auth/sessions.js';
import type { Caller } from '../operations/context.js';
import type { CallerResolver } from './caller.js';
import { SESSION_COOKIE } from './session-cookie.js';

export const TOKEN_COOKIE = 'rental-token';
const AUTHORIZATION = /^(?:Bearer|JWT)\s+([A-Za-z0-9._~+/=-]+)\s*$/i;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Where a token that does not hold leaves an anonymous caller rather than a 401: `me` answers
 * `{user: null}` (SPEC 4), and signing in or resetting a password must work whatever stale
 * token the client still sends.
 */
const ANONYMOUS_ON_BAD_TOKEN = new Set(['/api/rents/me', '/api/rents/login', '/api/rents/forgot-password', '/api/rents/reset-password']);

/** Media files are public bytes that browsers fetch with whatever cookie they hold (an image of a page): no token is asked of them. */
const FILES = '/api/rentMedia/file/';

/** Whether a request whose token does not hold goes on as anonymous: the paths above, media files, and everything outside the API (the dashboard's pages, health). */
function anonymousOnBadToken(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return ANONYMOUS_ON_BAD_TOKEN.has(path) || path.startsWith(FILES) || !path.startsWith('/api/');
}

function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer === '') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/** A cookie-carried write must come from our own origin or an allowed one (CSRF). */
function originAllowed(request: FastifyRequest, allowList: string[]): boolean {
  const origin = requestOrigin(request);
  if (origin === undefined) return true;
  const own = `${request.protocol}://${request.headers.host ?? ''}`;
  return origin === own || allowList.includes(origin);
}

/**
 * Reads the token from `Authorization: Bearer|JWT …`, in cookie mode the token cookie, or the
 * dashboard's session cookie.
 * A missing token makes an anonymous caller; operations answer 401 where that matters. A token
 * that does not hold (another key, altered, expired, of a logged-out session) is a 401 on its
 * own (SPEC 4), public reads included: its holder expects to be someone, and an owner reading
 * their unpublished products would otherwise be told they do not exist.
 */
export function tokenAuthenticator(sessions: SessionManager, config: RentalConfig): CallerResolver {
  return async (request): Promise<Caller> => {
    let token: string | undefined;
    let via: Caller['via'];
    const header = request.headers.authorization;
    if (typeof header === 'string' && header !== '') {
      token = AUTHORIZATION.exec(header)?.[1];
      via = 'header';
    } else {
      // The dashboard's own cookie works whether or not cookie mode is on (see session-cookie.ts).
      token = (config.auth.cookies ? request.cookies?.[TOKEN_COOKIE] : undefined) ?? request.cookies?.[SESSION_COOKIE];
      via = 'cookie';
    }
    // A header that names no token of ours (another scheme, a malformed one) does not hold either.
    if (!token && via === 'header' && !anonymousOnBadToken(request)) throw Errors.TOKEN_INVALID();
    if (!token) return { user: null };
    const session = await sessions.authenticate(token);
    if (!session) {
      if (anonymousOnBadToken(request)) return { user: null };
      throw Errors.TOKEN_INVALID();
    }
    if (via === 'cookie' && WRITES.has(request.method) && !originAllowed(request, config.auth.csrf)) {
      throw Errors.CSRF_REFUSED();
    }
    return { user: session.user, session, via };
  };
}
