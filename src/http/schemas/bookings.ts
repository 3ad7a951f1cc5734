import { Type } from '@sinclair/typebox';
import { BOOKING_STATUSES } from '../../domain/bookings/states.js';
import { CustomerSchema } from '../../domain/bookings/booking-schema.js';

const PriceFields = {
  units: Type.Integer({ minimum: 1, description: "The rental's length in the product's time unit, rounded up." }),
  time_unit: Type.String({ description: 'The unit counted (a product without one is counted in days).' }),
  unitPrice: Type.Union([Type.Number(), Type.Null()], { description: 'additional.price, or the price of the tier that applies.' }),
  price: Type.Union([Type.Number(), Type.Null()], { description: 'units × unitPrice' }),
  caution: Type.Number({ description: 'additional.caution (0 without one).' }),
  total: Type.Union([Type.Number(), Type.Null()], { description: 'price + caution; null where the product has no price.' }),
};

export const QuoteSchema = Type.Object(
  {
    product: Type.String(),
    from: Type.String(),
    to: Type.String(),
    ...PriceFields,
    available: Type.Boolean({ description: 'Whether a booking request for this interval would be accepted now.' }),
    violations: Type.Array(Type.Object({ field: Type.String({ description: '`from` (lead time, overlap) or `to` (min/max duration)' }), message: Type.String() })),
  },
  { $id: 'Quote' },
);

export const RentalIntervalQuery = Type.Object({
  from: Type.String({ description: 'ISO 8601 date (a whole UTC day) or date-time with offset.' }),
  to: Type.String({ description: 'A date is inclusive; a date-time ends a half-open interval.' }),
});

export const AvailabilitySchema = Type.Object(
  {
    product: Type.String(),
    from: Type.String({ description: 'YYYY-MM-DD' }),
    to: Type.String({ description: 'YYYY-MM-DD' }),
    busy: Type.Array(
      Type.Object({
        from: Type.String({ format: 'date-time' }),
        to: Type.String({ format: 'date-time', description: 'Exclusive.' }),
        kind: Type.Unsafe<string>({ type: 'string', enum: ['reserved', 'external', 'buffer'] }),
      }),
      { description: 'Merged busy time inside the days asked for, earliest first.' },
    ),
    days: Type.Array(Type.Object({ date: Type.String(), status: Type.Unsafe<string>({ type: 'string', enum: ['free', 'partial', 'busy'] }) })),
  },
  { $id: 'Availability' },
);

export const AvailabilityQuery = Type.Object({
  from: Type.Optional(Type.String({ description: 'YYYY-MM-DD (UTC); default today.' })),
  to: Type.Optional(Type.String({ description: 'YYYY-MM-DD, inclusive; default 89 days after `from`; at most 366 days in all.' })),
});

const ProductSummary = Type.Object({ id: Type.String(), basic: Type.Object({ product_name: Type.String() }), settings: Type.Object({ slug: Type.String() }) });

export const BookingSchema = Type.Object(
  {
    id: Type.String(),
    product: Type.Union([Type.String({ description: 'depth=0 (or a product since deleted)' }), ProductSummary]),
    owner: Type.Union([Type.String(), Type.Null()], { description: "The product owner's account id." }),
    from: Type.String(),
    to: Type.String(),
    status: Type.Unsafe<string>({ type: 'string', enum: [...BOOKING_STATUSES] }),
    customer: CustomerSchema,
    quote: Type.Object(PriceFields, { description: 'The price when the request was made.' }),
    reservationId: Type.Optional(Type.String({ description: "The product's reservation, while the booking is confirmed." })),
    history: Type.Array(
      Type.Object({
        status: Type.String(),
        at: Type.String({ format: 'date-time' }),
        by: Type.String({ description: 'An account id, `customer` (the token holder) or `service` (expiry).' }),
        reason: Type.Optional(Type.String()),
      }),
    ),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Booking' },
);

export const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ description: "The customer's token from the request's answer." })) });

export const BookingReadQuery = Type.Composite([
  TokenQuery,
  Type.Object({ depth: Type.Optional(Type.Integer({ minimum: 0, default: 1, description: '1 (default): `product` as {id, basic:{product_name}, settings:{slug}}; 0: its id.' })) }),
]);

