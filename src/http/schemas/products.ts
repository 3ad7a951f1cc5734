import { Type, type TSchema } from '@sinclair/typebox';
import { DepthQuery, SelectQuery } from './common.js';
import { MAX_BULK } from '../../domain/list-query.js';

const where = Type.Unsafe<Record<string, unknown> | string>({
  description:
    'Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. ' +
    'Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists.',
  anyOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
});

/** `depth` and `select`: what every endpoint answering with products takes. */
export const ProductQuerySchema = Type.Composite([DepthQuery, SelectQuery]);

export const ListQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, default: 10, description: 'Page size, 1 to the configured maximum (100).' })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pagination: Type.Optional(
    Type.Boolean({
      default: true,
      description: 'false: every match in one page (Payload\'s `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400.',
    }),
  ),
  sort: Type.Optional(Type.String({ default: '-createdAt', description: 'Comma-separated paths; `-` for descending.' })),
  where: Type.Optional(where),
  depth: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
});

export const ProductListQuerySchema = Type.Composite([
  ListQuerySchema,
  Type.Object({
    q: Type.Optional(Type.String({ description: 'Search in name, description and location; case- and accent-insensitive.' })),
    availableFrom: Type.Optional(Type.String({ description: 'ISO date or date-time: only products free from here…' })),
    availableTo: Type.Optional(Type.String({ description: '…to here (a whole date is inclusive).' })),
    reservedFrom: Type.Optional(Type.String({ description: 'ISO date or date-time: only products with a reservation (own, a confirmed booking\'s or an imported block; buffers not counted) overlapping from here…' })),
    reservedTo: Type.Optional(Type.String({ description: '…to here (a whole date is inclusive). The owner dashboard lists the week\'s pick-ups and returns with it.' })),
  }),
  SelectQuery,
]);

/** Which documents a bulk PATCH or DELETE changes. */
export const BulkWhereQuery = Type.Object({
  where: where,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_BULK, description: 'At most this many of the matches, in `sort` order; without it more than 1,000 matches are a 400.' })),
  sort: Type.Optional(Type.String({ default: '-createdAt', description: 'The order in which matches are changed (and `limit` counts).' })),
});

/** Payload's answer to a bulk change: 200 when every match changed; a 400 of the same shape lists what failed. */
export function bulkAnswer(doc: TSchema, noun: string) {
  return Type.Object({
    docs: Type.Array(doc, { description: `The ${noun} changed (or deleted).` }),
    errors: Type.Array(
      Type.Object({ id: Type.String(), message: Type.String(), field: Type.Optional(Type.String()) }),
      { description: 'One item per problem of each document that could not be changed.' },
    ),
    message: Type.String(),
  });
}

/** A product as responses show it, derived from the field registry. */
export { ProductSchema } from '../../domain/product-schema.js';

export const ActionBodySchema = Type.Object(
  {
    action: Type.String({ description: 'publish, unpublish, duplicate ({newId?}), reserve ({from, to, note?}), release ({reservationId}), or a configured action.' }),
    newId: Type.Optional(Type.String()),
    from: Type.Optional(Type.String()),
    to: Type.Optional(Type.String()),
    note: Type.Optional(Type.String()),
    reservationId: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const ActionQuerySchema = Type.Composite([
  Type.Object({ action: Type.Optional(Type.String({ description: 'Run this action; the body may then be empty or carry its arguments.' })) }),
  ProductQuerySchema,
]);
