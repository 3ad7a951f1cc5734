import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../operations/context.js';
import { issueCalendarToken } from '../operations/calendars/calendar-token.js';
import { ownerFeed } from '../operations/calendars/owner-feed.js';
import { productFeed } from '../operations/calendars/product-feed.js';
import { ifNoneMatchSatisfied } from '../operations/products/etag.js';
import type { Representation } from '../operations/products/find-product.js';
import { IdParams, bearerSecurity, errorResponses } from './schemas/common.js';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

const feedResponse = (description: string) =>
  Type.Unsafe({ description, content: { 'text/calendar': { schema: { type: 'string', description: 'iCalendar (RFC 5545)' } } } });

/** A feed with its ETag; 304 when the client holds it (calendar clients poll often). */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: Representation, cacheControl: string): FastifyReply {
  reply.header('etag', feed.etag).header('cache-control', cacheControl);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatchSatisfied(ifNoneMatch, feed.etag)) return reply.code(304).send();
  return reply.code(200).type(CALENDAR_TYPE).send(feed.body);
}

/** The exported iCalendar feeds (SPEC section 10): a product's public one, an owner's private one and its token. */
export function calendarFeedRoutes(services: Services, options: { publicUrl?: string } = {}) {
  const tags = ['calendars'];
  const notModified = Type.Null({ description: 'Not modified (If-None-Match)' });
  const schemas = {
    productFeed: {
      tags, summary: "A product's reservations as an iCalendar feed (public to whoever may read the product; SUMMARY:Reserved and times only)",
      security: bearerSecurity, params: IdParams,
      response: { 200: feedResponse('The feed'), 304: notModified, ...errorResponses(401, 404) },
    },
    ownerFeed: {
      tags, summary: "The owner's private feed over all their products (product names and notes), by the token of POST /api/rents/:id/calendar-token",
      params: IdParams, querystring: Type.Object({ token: Type.Optional(Type.String({ description: 'The secret of the URL the token endpoint answered.' })) }),
      response: { 200: feedResponse('The feed'), 304: notModified, ...errorResponses(404) },
    },
    token: {
      tags, summary: 'Issue a new token for the private feed (the account itself or an admin); the previous URL stops working',
      security: bearerSecurity, params: IdParams,
      response: { 200: Type.Object({ url: Type.String({ description: 'The private feed’s absolute URL, token included.' }) }), ...errorResponses(401, 403, 404) },
    },
  };
  /** Where clients reach this service: PUBLIC_URL when set, else the request's own scheme and host. */
  const baseUrl = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.host}`;

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/products/:id/calendar.ics', { schema: schemas.productFeed }, async (request: FastifyRequest<{ Params: { id: string } }>, reply) =>
      sendFeed(request, reply, await productFeed(services, request.caller, request.params.id), 'no-cache'),
    );

    app.get('/api/rents/:id/calendar.ics', { schema: schemas.ownerFeed }, async (request: FastifyRequest<{ Params: { id: string }; Querystring: { token?: string } }>, reply) => {
      // The URL is the credential: neither it nor the feed is for shared caches.
      reply.header('referrer-policy', 'no-referrer');
      return sendFeed(request, reply, await ownerFeed(services, request.params.id, request.query.token), 'private, no-cache');
    });

    app.post('/api/rents/:id/calendar-token', { schema: schemas.token }, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const answer = await issueCalendarToken(services, request.caller, request.params.id, baseUrl(request));
      return reply.code(200).header('cache-control', 'no-store').send(answer);
    });
  };
}
