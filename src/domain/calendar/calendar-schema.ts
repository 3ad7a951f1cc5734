import { Type } from '@sinclair/typebox';

/** The bodies of the `calendars` collection (SPEC section 10). */

const url = Type.String({ minLength: 1, maxLength: 2048, description: "The feed's http(s) URL (a secret: an owner's or an admin's eyes only)." });
const name = Type.String({ maxLength: 200, description: 'What the owner calls it: "Airbnb", "Booking.com"…' });

export const CalendarCreateSchema = Type.Object(
  { product: Type.String({ minLength: 1, description: 'The product whose availability the feed blocks.' }), url, name: Type.Optional(name) },
  { additionalProperties: false },
);

export const CalendarPatchSchema = Type.Object({ url: Type.Optional(url), name: Type.Optional(Type.Union([name, Type.Null()])) }, { additionalProperties: false });

export const CalendarActionSchema = Type.Object({ action: Type.Literal('sync') }, { additionalProperties: false });

const Conflict = Type.Object({
  uid: Type.String({ description: "The imported event's UID (and occurrence)." }),
  from: Type.String(),
  to: Type.String(),
  reservationId: Type.String({ description: 'The own reservation it overlaps.' }),
});

export const CalendarSchema = Type.Object(
  {
    id: Type.String(),
    product: Type.String(),
    url: Type.String(),
    name: Type.Optional(Type.String()),
    lastSyncedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the feed was last fetched, whatever came of it.' }),
    lastStatus: Type.Union([Type.Literal('ok'), Type.Literal('not-modified'), Type.Literal('failed'), Type.Null()]),
    lastError: Type.Optional(Type.String({ description: 'Why the last sync failed; absent once one succeeds.' })),
    events: Type.Integer({ minimum: 0, description: 'How many blocks the calendar holds.' }),
    conflicts: Type.Array(Conflict, { description: 'Imported blocks overlapping own reservations: kept, and listed here.' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Calendar', additionalProperties: false },
);
