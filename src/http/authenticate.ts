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
 * A missing or invalid token makes an anonymous caller; operations answer 401 where that matters.
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
    if (!token) return { user: null };
    const session = await sessions.authenticate(token);
    if (!session) return { user: null };
    if (via === 'cookie' && WRITES.has(request.method) && !originAllowed(request, config.auth.csrf)) {
      throw Errors.CSRF_REFUSED();
    }
    return { user: session.user, session, via };
  };
}
