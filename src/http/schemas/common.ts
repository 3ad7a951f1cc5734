import { Type, type TSchema } from '@sinclair/typebox';
import { MAX_PAGE } from '../../domain/list-query.js';
import { OPERATORS, type FieldCatalogue } from '../../domain/where/types.js';
import { sortOf, whereOf } from '../request-validation.js';

export const ErrorBodySchema = Type.Object(
  {
    errors: Type.Array(
      Type.Object({
        message: Type.String(),
        field: Type.Optional(Type.String({ description: 'Dotted path of the offending field.' })),
        code: Type.String({ pattern: '^[A-Z][A-Z0-9_]*$', description: 'What went wrong, as a constant: PRODUCT_NOT_FOUND, SLUG_TAKEN, FIELD_REQUIRED… (src/errors/codes.ts).' }),
      }),
      { minItems: 1 },
    ),
  },
  { $id: 'ErrorBody', description: 'Every 4xx and 5xx response.' },
);

const errorRef = Type.Ref('ErrorBody');

/** Error responses by status, as SPEC section 1 lists them. */
export const ERRORS: Record<number, string> = {
  400: 'Malformed JSON, wrong types, missing or unknown fields, bad query parameters',
  401: 'Missing, malformed, tampered, expired or revoked token',
  403: 'The access rules forbid it',
  404: 'Unknown resource or route',
  405: 'Method not supported here (see Allow)',
  409: 'Id or slug taken; overlapping reservation',
  412: 'If-Match does not match the current ETag',
  413: 'Body over the size limit',
  415: 'Content-Type not accepted',
  416: 'The Range asked for is not in the file',
  429: 'Rate limit or login lockout (see Retry-After)',
  500: 'Unexpected fault',
  503: 'The database cannot answer right now; try again shortly',
};

export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, Type.Unsafe({ ...errorRef, description: ERRORS[status] })]));
}

/** Routes that run the configuration's hooks or access rules answer any 4xx they throw (SPEC section 6). */
export const hookErrors = { '4xx': Type.Unsafe({ ...errorRef, description: 'Refused by an access rule or a hook of the project configuration, with the status it chose' }) };

export const IdParams = Type.Object({ id: Type.String({ description: 'Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`' }) });

const depth = Type.Integer({ minimum: 0, default: 1, errorMessage: 'Must be a whole number: 0, or 1 (higher acts as 1).', description: '0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated.' });

export const DepthQuery = Type.Object({ depth: Type.Optional(depth) });

const select = Type.Unsafe<Record<string, unknown> | string>({
  description:
    'The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); ' +
    'once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object.',
  anyOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
  errorMessage: 'Must be an object of field names set to true or false (qs brackets), or a JSON-encoded one.',
  'x-select': true,
});

/** Payload's `select`, on every endpoint that answers with documents. */
export const SelectQuery = Type.Object({ select: Type.Optional(select) });

/** The answer of a collection's `/count`. */
export const TotalDocsSchema = Type.Object({ totalDocs: Type.Integer({ minimum: 0 }) });

export const envelope = (doc: TSchema) => Type.Object({ doc, message: Type.String() });

export function paginated(doc: TSchema) {
  return Type.Object({
    docs: Type.Array(doc),
    totalDocs: Type.Integer(),
    limit: Type.Integer(),
    totalPages: Type.Integer(),
    page: Type.Integer(),
    pagingCounter: Type.Integer(),
    hasPrevPage: Type.Boolean(),
    hasNextPage: Type.Boolean(),
    prevPage: Type.Union([Type.Integer(), Type.Null()]),
    nextPage: Type.Union([Type.Integer(), Type.Null()]),
  });
}

export const bearerSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, {}];

/** `where` in a collection's query language, its paths and operators from the collection's fields. */
export function whereQuery(collection: string, fields: FieldCatalogue, required?: 'update' | 'delete') {
  return Type.Unsafe<Record<string, unknown> | string>({
    description:
      'Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. ' +
      `Paths: ${[...fields.keys()].join(', ')}. Operators: ${OPERATORS.join(', ')}.`,
    anyOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
    errorMessage: 'Must be an object of conditions or a JSON-encoded one.',
    ...whereOf(collection, required),
  });
}

/** `sort`: comma-separated sortable paths of a collection, `-` for descending. */
export function sortQuery(collection: string, fields: FieldCatalogue, description = 'Comma-separated paths; `-` for descending.') {
  const sortable = [...fields.values()].filter((field) => field.sortable).map((field) => field.path);
  return Type.Unsafe<string | string[]>({
    description: `${description} Sortable: ${sortable.join(', ')}.`,
    default: '-createdAt',
    anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    errorMessage: 'Must be a comma-separated list of fields.',
    ...sortOf(collection),
  });
}

/** Payload's list parameters for a collection; `maxLimit` is the configuration's (products.maxLimit). */
export function listQuery(collection: string, fields: FieldCatalogue, maxLimit: number) {
  return Type.Object({
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxLimit, default: Math.min(10, maxLimit), errorMessage: `Must be a whole number from 1 to ${maxLimit}.`, description: `Page size, 1 to ${maxLimit}.` })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, errorMessage: `Must be a whole number from 1 to ${MAX_PAGE}.` })),
    pagination: Type.Optional(
      Type.Boolean({
        default: true,
        errorMessage: 'Must be true or false.',
        description: 'false: every match in one page (Payload\'s `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400.',
      }),
    ),
    sort: Type.Optional(sortQuery(collection, fields)),
    where: Type.Optional(whereQuery(collection, fields)),
    depth: Type.Optional(depth),
  });
}
