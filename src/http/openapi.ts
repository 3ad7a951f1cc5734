import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { addHeaders, helmetHeaders } from './security-headers.js';
import type { FastifyInstance } from 'fastify';
import { stringifyAscii } from '../domain/ascii-json.js';
import { ErrorBodySchema, errorResponses } from './schemas/common.js';
import { MediaSchema } from './schemas/media.js';
import { ProductSchema } from './schemas/products.js';
import { PublicProfileSchema } from './schemas/rents.js';
import { CalendarSchema } from '../domain/calendar/calendar-schema.js';
import { AvailabilitySchema, BookingSchema, QuoteSchema } from './schemas/bookings.js';
import { eventWebhooks } from './schemas/events.js';

/**
 * The OpenAPI 3.1 document is generated from the route schemas, which are the TypeBox
 * schemas the operations validate with. The operations validate (after hooks, on merged
 * documents), so Fastify's own compiler lets requests through unchanged instead of coercing
 * or stripping them, and responses are serialised as they are (as ASCII JSON, see stringifyAscii).
 */
export async function registerOpenApi(app: FastifyInstance, options: { rateLimited: boolean }): Promise<void> {
  app.setValidatorCompiler(() => () => true);
  documentSharedErrors(app, options.rateLimited);
  app.setSerializerCompiler(() => stringifyAscii);
  app.setReplySerializer(stringifyAscii);
  for (const schema of [ErrorBodySchema, ProductSchema, PublicProfileSchema, MediaSchema, CalendarSchema, QuoteSchema, AvailabilitySchema, BookingSchema]) app.addSchema(schema);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rental Catalogue Service',
        version: '1.0.0',
        description: 'Products and accounts of rental businesses, in the REST dialect of Payload CMS. Every error body is `{"errors":[{"message","field?"}]}`.',
      },
      servers: [{ url: '/' }],
      tags: [
        { name: 'products', description: 'The catalogue' },
        { name: 'rents', description: 'Accounts and sessions' },
        { name: 'rentMedia', description: 'Images' },
        { name: 'calendars', description: 'iCalendar feeds: exported, and imported from other channels' },
        { name: 'bookings', description: 'Customers’ booking requests and their answers' },
        { name: 'webhooks', description: 'Subscriptions to events, delivered as signed POSTs (the events are listed under `webhooks`)' },
        { name: 'events', description: 'The live stream of events (Server-Sent Events)' },
        { name: 'service', description: 'Health' },
      ],
      webhooks: eventWebhooks(),
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: '`Authorization: Bearer <token>` (or `JWT <token>`) from POST /api/rents/login.' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
  });
}

/**
 * The error answers no route decides for itself, added to every documented route: 500 (a
 * fault) everywhere; 503 (the database cannot answer, with Retry-After) wherever a request may
 * reach it, which is every route but `/health` (any route reads the session of a token); 429
 * under `/api` when rate limits are on.
 */
function documentSharedErrors(app: FastifyInstance, rateLimited: boolean): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as ({ hide?: boolean; response?: Record<string, unknown> } & Record<string, unknown>) | undefined;
    if (!schema || schema.hide) return;
    const statuses = [500];
    if (route.url !== '/health') statuses.push(503);
    if (rateLimited && route.url.startsWith('/api/')) statuses.push(429);
    // A new object: routes may share one schema (refresh and refresh-token do).
    route.schema = { ...schema, response: { ...errorResponses(...statuses), ...schema.response } };
  });
}

export async function registerDocs(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // The docs page is HTML: helmet's full set of headers (its own CSP still replaces helmet's).
  await app.register(async (docs) => {
    addHeaders(docs, helmetHeaders());
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true }, staticCSP: true });
  });
}
