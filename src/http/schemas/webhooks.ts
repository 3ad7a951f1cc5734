import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../domain/event-types.js';
import { ALL_TYPES } from '../../domain/webhooks.js';

const EventTypes = Type.Array(Type.Union([...EVENT_TYPES, ALL_TYPES].map((type) => Type.Literal(type))), {
  minItems: 1,
  uniqueItems: true,
  description: 'The event types to receive; `*` for all of them.',
});
const Url = Type.String({ maxLength: 2048, description: 'An http:// or https:// URL on the public internet (unless webhooks.allowPrivateAddresses); redirects are not followed.' });
const Description = Type.String({ maxLength: 500 });
const Scope = Type.Union([Type.Literal('own'), Type.Literal('all')], {
  description: '`own` (default): the events of the account\'s own products, bookings, media and calendars; `all` (admins only): every event.',
});

export const WebhookSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  description: Type.Optional(Type.String()),
  scope: Scope,
  owner: Type.String({ description: 'The account the webhook belongs to.' }),
  deactivatedReason: Type.Optional(Type.String({ description: 'Why the service deactivated it (24 h of failed deliveries); gone once it is activated again.' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const WebhookCreateSchema = Type.Object(
  { url: Url, events: EventTypes, active: Type.Optional(Type.Boolean()), description: Type.Optional(Description), scope: Type.Optional(Scope) },
  { additionalProperties: false },
);

export const WebhookPatchSchema = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(EventTypes),
    active: Type.Optional(Type.Boolean()),
    description: Type.Optional(Type.Union([Description, Type.Null()])),
    scope: Type.Optional(Scope),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const DeliverySchema = Type.Object({
  eventId: Type.Integer(),
  type: Type.String(),
  attempt: Type.Integer({ minimum: 1 }),
  status: Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]),
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  error: Type.Optional(Type.String()),
});

export const DeliveriesQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100, errorMessage: 'Must be a whole number from 1 to 100.' })) });
