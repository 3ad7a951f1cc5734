import { Type, type TSchema } from '@sinclair/typebox';

export const ErrorBodySchema = Type.Object(
  {
    errors: Type.Array(
      Type.Object({ message: Type.String(), field: Type.Optional(Type.String({ description: 'Dotted path of the offending field.' })) }),
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
  429: 'Rate limit or login lockout (see Retry-After)',
  500: 'Unexpected fault',
  503: 'The database cannot answer right now; try again shortly',
};

export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, Type.Unsafe({ ...errorRef, description: ERRORS[status] })]));
}

export const IdParams = Type.Object({ id: Type.String({ description: 'Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`' }) });

export const DepthQuery = Type.Object({
  depth: Type.Optional(Type.Integer({ minimum: 0, default: 1, description: '0: owner and gallery as ids; 1 (default, and anything higher): populated.' })),
});

const select = Type.Unsafe<Record<string, unknown> | string>({
  description:
    'The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); ' +
    'once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object.',
  anyOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
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
