import { Type, type TSchema } from '@sinclair/typebox';
import { DepthQuery, SelectQuery, listQuery, whereQuery, sortQuery } from './common.js';
import { MAX_BULK } from '../../domain/list-query.js';
import { productFields } from '../../domain/product-fields.js';
import type { FieldCatalogue } from '../../domain/where/types.js';

const where = Type.Unsafe<Record<string, unknown> | string>({
  description:
    'Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. ' +
    'Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists.',
  anyOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
});

/**
 * List parameters without the where/sort keywords of listQuery (common.ts): for routes that
 * check their list with parseListQuery (domain/parse-list-query.ts), bookings and export.
 */
export const ListQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, default: 10, description: 'Page size, 1 to the configured maximum.' })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pagination: Type.Optional(Type.Boolean({ default: true, description: "false: every match in one page (Payload's `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400." })),
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

/** `depth` and `select`: what every endpoint answering with products takes. */
export const ProductQuerySchema = Type.Composite([DepthQuery, SelectQuery]);

/** GET /api/products: the list parameters, search and availability; `maxLimit` is the configuration's. */
export function productListQuery(maxLimit: number) {
  return Type.Composite(
    [
      listQuery('products', productFields, maxLimit),
      Type.Object({
        q: Type.Optional(Type.String({ description: 'Search in name, description and location; case- and accent-insensitive.' })),
        availableFrom: Type.Optional(Type.String({ description: 'ISO date or date-time: only products free from here…' })),
        availableTo: Type.Optional(Type.String({ description: '…to here (a whole date is inclusive).' })),
        reservedFrom: Type.Optional(Type.String({ description: 'ISO date or date-time: only products with a reservation overlapping from here…' })),
        reservedTo: Type.Optional(Type.String({ description: '…to here (a whole date is inclusive).' })),
      }),
      SelectQuery,
    ],
    { 'x-available': true },
  );
}

/** GET /api/products/count: the list's filters. */
export const productCountQuery = () =>
  Type.Composite([Type.Pick(listQuery('products', productFields, 1), ['where']), Type.Pick(productListQuery(1), ['q', 'availableFrom', 'availableTo', 'reservedFrom', 'reservedTo'])], { 'x-available': true });

/** Which documents a bulk PATCH or DELETE changes: `where` (required: without it the method is a 405), `limit`, `sort`. */
export function bulkWhereQuery(collection: string, fields: FieldCatalogue, verb: 'update' | 'delete') {
  return Type.Object({
    where: Type.Optional(whereQuery(collection, fields, verb)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_BULK, errorMessage: `Must be a whole number from 1 to ${MAX_BULK}.`, description: 'At most this many of the matches, in `sort` order; without it more than 1,000 matches are a 400.' })),
    sort: Type.Optional(sortQuery(collection, fields, 'The order in which matches are changed (and `limit` counts).')),
  });
}

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

/** An action's body; `actions` names every action this installation runs, the configured ones after the built-in ones (the dashboard offers those). */
export const actionBodySchema = (actions: readonly string[]) => Type.Object(
  {
    action: Type.Unsafe<string>({
      type: 'string',
      enum: [...actions],
      description: 'publish, unpublish, duplicate ({newId?}), reserve ({from, to, note?}), release ({reservationId}), or an action the configuration adds (its arguments as it takes them).',
    }),
    newId: Type.Optional(Type.String()),
    from: Type.Optional(Type.String()),
    to: Type.Optional(Type.String()),
    note: Type.Optional(Type.String()),
    reservationId: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const ActionQuerySchema = Type.Composite([
  Type.Object({ action: Type.Optional(Type.String({ minLength: 1, errorMessage: 'Must be the name of one action.', description: 'Run this action; the body may then be empty or carry its arguments.' })) }),
  ProductQuerySchema,
]);
