import { Type } from '@sinclair/typebox';
import { EMAIL_PATTERN } from '../account-schema.js';
import { ID_PATTERN } from '../ids.js';
import { BOOKING_ACTIONS } from './states.js';

/** A customer's booking request (SPEC 9), as a JSON schema: it validates requests and documents them. */
export const CustomerSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: "The customer's name." }),
    email: Type.String({ maxLength: 254, pattern: EMAIL_PATTERN, errorMessage: 'Must be an e-mail address.' }),
    phone: Type.Optional(Type.String({ maxLength: 40, pattern: '^\\+?[0-9 ().\\/-]{3,40}$', errorMessage: 'Must be a phone number: digits, spaces, and + ( ) . / - only.' })),
    note: Type.Optional(Type.String({ maxLength: 2000, description: 'A message to the rental shop.' })),
  },
  { additionalProperties: false },
);

export const BookingRequestSchema = Type.Object(
  {
    product: Type.String({ pattern: ID_PATTERN.source, errorMessage: 'Must be the id of a published product.', description: 'The product to rent.' }),
    from: Type.String({ minLength: 1, maxLength: 40, description: 'ISO 8601 date (a whole UTC day) or date-time with offset.' }),
    to: Type.String({ minLength: 1, maxLength: 40, description: 'A date is inclusive; a date-time is the end of a half-open interval.' }),
    customer: CustomerSchema,
  },
  { additionalProperties: false },
);

export const BookingActionSchema = Type.Object(
  {
    action: Type.Unsafe<string>({ type: 'string', enum: [...BOOKING_ACTIONS], description: 'confirm and decline: the owner or an admin; cancel: they or the customer (with `?token=`) before the rental starts.' }),
    reason: Type.Optional(Type.String({ maxLength: 1000, description: 'Why (decline, cancel); kept in the history.' })),
  },
  { additionalProperties: false },
);
