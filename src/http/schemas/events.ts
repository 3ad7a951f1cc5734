import type { OpenAPIV3_1 } from 'openapi-types';
import { EVENT_TYPES, type EventType } from '../../domain/event-types.js';

type JsonSchema = Record<string, unknown>;

const reservation: JsonSchema = {
  type: 'object',
  required: ['product', 'reservation'],
  properties: {
    product: { type: 'string', description: 'The product\'s id.' },
    reservation: {
      type: 'object',
      required: ['id', 'from', 'to'],
      properties: { id: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, note: { type: 'string' } },
      additionalProperties: true,
      description: 'The reservation item as the product stores it; anonymous streams get `{id, from, to}` only.',
    },
  },
};

/** What `data` holds, per type. */
const DATA: Record<EventType, JsonSchema> = {
  'product.created': { $ref: '#/components/schemas/Product', description: 'The product at depth 0.' },
  'product.updated': { $ref: '#/components/schemas/Product', description: 'The product after the change, at depth 0.' },
  'product.deleted': { $ref: '#/components/schemas/Product', description: 'The product as it was, at depth 0.' },
  'reservation.created': reservation,
  'reservation.released': reservation,
  'booking.requested': { type: 'object', additionalProperties: true, description: 'The booking (SPEC 9).' },
  'booking.confirmed': { type: 'object', additionalProperties: true, description: 'The booking (SPEC 9).' },
  'booking.declined': { type: 'object', additionalProperties: true, description: 'The booking (SPEC 9).' },
  'booking.cancelled': { type: 'object', additionalProperties: true, description: 'The booking (SPEC 9).' },
  'booking.expired': { type: 'object', additionalProperties: true, description: 'The booking (SPEC 9).' },
  'media.created': { $ref: '#/components/schemas/Media' },
  'media.deleted': { $ref: '#/components/schemas/Media', description: 'The media document as it was.' },
  'calendar.synced': { type: 'object', additionalProperties: true, description: 'The calendar import (SPEC 10) after its sync.' },
  'calendar.failed': { type: 'object', additionalProperties: true, description: 'The calendar import (SPEC 10), with lastError.' },
};

const header = (name: string, description: string) => ({ name, in: 'header', required: true, schema: { type: 'string' }, description });

/** An event as webhooks receive it and the stream's `data:` holds it. */
export function eventSchema(type: EventType): JsonSchema {
  return {
    type: 'object',
    required: ['id', 'type', 'createdAt', 'data'],
    properties: {
      id: { type: 'integer', minimum: 1, description: 'Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`).' },
      type: { const: type },
      createdAt: { type: 'string', format: 'date-time' },
      data: DATA[type],
    },
  };
}

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type, the POST a webhook receives,
 * signed per Standard Webhooks. The live stream (GET /api/events) carries the same events.
 */
export function eventWebhooks(): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: type,
          description: 'Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.',
          tags: ['webhooks'],
          parameters: [
            header('webhook-id', '`evt_<event id>`: the same on every attempt; use it to ignore repeats.'),
            header('webhook-timestamp', 'UNIX seconds of this attempt.'),
            header('webhook-signature', '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook\'s secret (Standard Webhooks).'),
          ],
          requestBody: { required: true, content: { 'application/json': { schema: eventSchema(type) } } },
          responses: { '2XX': { description: 'Received; anything else (or no answer within 10 s) is retried.' } },
        },
      } as OpenAPIV3_1.PathItemObject,
    ]),
  );
}
