import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { APIError, badRequest, unauthorized } from '../errors/api-error.js';
import type { Services } from '../operations/context.js';
import { productGrant } from '../operations/products/product-access.js';
import type { Grant } from '../operations/access.js';
import type { EventHub, StreamStart } from '../events/event-hub.js';
import { viewerOf } from '../events/event-views.js';
import { bearerSecurity, errorResponses } from './schemas/common.js';
import { TOKEN_COOKIE } from './authenticate.js';
import { hasSessionCookie } from './session-cookie.js';

const EVENT_ID = /^\d{1,15}$/;

/** Where a stream starts: the Last-Event-ID header (or `?lastEventId=`, for clients that cannot set headers), else at the newest event. */
function startOf(header: unknown, query: unknown): StreamStart {
  const given = typeof header === 'string' && header !== '' ? { value: header, field: 'Last-Event-ID' } : query !== undefined ? { value: query, field: 'lastEventId' } : undefined;
  if (!given) return 'now';
  if (typeof given.value !== 'string' || !EVENT_ID.test(given.value.trim())) throw badRequest('Must be the id of an event (a whole number).', given.field);
  return { after: Number(given.value.trim()) };
}

/** GET /api/events: the live stream of SPEC 11 (Server-Sent Events). */
export function eventsRoutes(services: Services, hub: EventHub) {
  const schema = {
    tags: ['events'],
    summary: 'Live stream of events (Server-Sent Events)',
    description:
      'Each event as `id: <n>`, `event: <type>`, `data: {id, type, createdAt, data}`; a `:` comment at least every 15 s. ' +
      'Anonymous callers get product.* and reservation.* events of published products; an owner also every event about their own ' +
      'products, bookings, media and calendars; an admin everything. `Last-Event-ID` (or `?lastEventId=`) resumes after that event; ' +
      'from before the retention, a `reset` event comes first. The payloads are described in this document\'s `webhooks` section. ' +
      'A session cookie (the dashboard\'s `rental-session`; in cookie mode the token cookie) authenticates the stream as a Bearer token does, ' +
      'so a browser\'s EventSource gets its account\'s events; a token that does not hold, in the header or a cookie, is a 401.',
    security: bearerSecurity,
    querystring: Type.Object({ lastEventId: Type.Optional(Type.String({ description: 'As the Last-Event-ID header.' })) }),
    headers: Type.Object({ 'last-event-id': Type.Optional(Type.String()) }),
    response: {
      200: Type.Unsafe({ description: 'An endless text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }),
      ...errorResponses(400, 401),
    },
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/events', { schema }, async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) => {
      const start = startOf(request.headers['last-event-id'], request.query.lastEventId);
      const { user } = request.caller;
      // A token that does not hold, in the header or a session cookie (the dashboard's, cookie mode's), is refused
      // rather than streamed as anonymous: its holder expects their own events, and learns that the session ended.
      const carriesToken =
        (typeof request.headers.authorization === 'string' && request.headers.authorization !== '') ||
        hasSessionCookie(request) ||
        (services.config.auth.cookies && Boolean(request.cookies?.[TOKEN_COOKIE]));
      if (!user && carriesToken) throw unauthorized('The token is missing, invalid or expired.');
      let grant: Grant | null;
      try {
        grant = await productGrant(services.config.access.products.read, { user });
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        grant = null;
      }
      reply.hijack();
      // The headers the app's hooks set (CORS, security) are sent as they are; a hijacked reply sends nothing itself.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      reply.raw.flushHeaders();
      try {
        const session = request.caller.session;
        const stillValid = session
          ? async () => Date.now() < session.claims.exp * 1000 && (await services.storage.sessions.active(session.claims.sessionId, session.claims.accountId, Date.now())) !== undefined
          : undefined;
        await hub.open(reply.raw, viewerOf(user, grant), start, stillValid);
      } catch (error) {
        services.log.warn({ err: error }, 'an event stream failed to start');
        reply.raw.destroy();
      }
    });
  };
}
