import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * The product document a client sends (SPEC section 2), as a JSON schema.
 * The same schema validates requests and documents them in OpenAPI.
 *
 * Fields that take either an id or an object use one schema with `type: [string, object]`
 * rather than `anyOf`: string rules then apply to strings and object rules to objects,
 * so a failure produces one precise error instead of one per branch.
 */

export const MEDIA_URL_PREFIX = '/api/rentMedia/file/';

const open = (description: string) => Type.Object({}, { additionalProperties: true, description });

const idOrObject = <T extends TSchema>(description: string, objectShape: Record<string, TSchema>, required: string[], extra: boolean) =>
  Type.Unsafe<string | Static<T>>({
    type: ['string', 'object'],
    description,
    minLength: 1,
    maxLength: 64,
    properties: objectShape,
    required,
    additionalProperties: extra,
  });

export const ImageObjectSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    alt: Type.Optional(Type.String({ maxLength: 1000 })),
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    mimeType: Type.String({ minLength: 1, maxLength: 100 }),
    url: Type.String({ minLength: 1, maxLength: 300 }),
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type ImageObject = Static<typeof ImageObjectSchema>;

export const ReservationInputSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$', errorMessage: 'Must be 1–64 letters, digits, `_` or `-`.' })),
    from: Type.String({ minLength: 1, maxLength: 40 }),
    to: Type.String({ minLength: 1, maxLength: 40 }),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

export function productInputSchema(timeUnits: readonly string[]) {
  return Type.Object(
    {
      id: Type.Optional(Type.String({ description: 'Ignored except on POST /api/products/:id, where it must equal the path id.' })),
      createdAt: Type.Optional(Type.Unknown({ description: 'Set by the server; ignored.' })),
      updatedAt: Type.Optional(Type.Unknown({ description: 'Set by the server; ignored.' })),
      internal_name: Type.Optional(Type.String({ maxLength: 200 })),
      basic: Type.Object(
        {
          product_name: Type.String({ minLength: 1, maxLength: 200 }),
          product_desc: Type.Optional(Type.String({ maxLength: 20000 })),
          location: Type.Optional(Type.String({ maxLength: 200 })),
          rent_owner: Type.Optional(
            idOrObject('A rents account id, or an object with its id.', { id: Type.String({ minLength: 1, maxLength: 64 }) }, ['id'], true),
          ),
        },
        { additionalProperties: false },
      ),
      additional: Type.Optional(
        Type.Object(
          {
            price: Type.Optional(Type.Number({ minimum: 0 })),
            caution: Type.Optional(Type.Number({ minimum: 0 })),
            time_unit: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...timeUnits] })),
            selectedTerm: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
      ),
      settings: Type.Optional(
        Type.Object(
          {
            published: Type.Optional(Type.Boolean()),
            slug: Type.Optional(
              Type.String({ maxLength: 120, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', errorMessage: 'Must be lower-case letters and digits in words joined by single hyphens (vrtacka-bosch).' }),
            ),
          },
          { additionalProperties: false },
        ),
      ),
      gallery: Type.Optional(
        Type.Object(
          {
            images: Type.Optional(
              Type.Array(
                idOrObject('A rentMedia id, or an image object.', ImageObjectSchema.properties, [...ImageObjectSchema.required], false),
                { maxItems: 50 },
              ),
            ),
          },
          { additionalProperties: false },
        ),
      ),
      availability: Type.Optional(
        Type.Object({ reservationDates: Type.Optional(Type.Array(ReservationInputSchema, { maxItems: 1000 })) }, { additionalProperties: false }),
      ),
      seo: Type.Optional(open('Free-form SEO metadata.')),
      legacy: Type.Optional(open('Free-form namespaced metadata.')),
    },
    { additionalProperties: false },
  );
}

export type ProductInput = Static<ReturnType<typeof productInputSchema>>;

/** A stored reservation item: the interval plus any extra properties the client sent. */
export interface ReservationItem {
  id: string;
  from: string;
  to: string;
  note?: string;
  [extra: string]: unknown;
}

/** A product as stored (depth 0): the owner is an id, gallery items are ids or image objects. */
export interface ProductDoc {
  id: string;
  internal_name?: string;
  basic: { product_name: string; product_desc?: string; location?: string; rent_owner?: string };
  additional?: { price?: number; caution?: number; time_unit?: string; selectedTerm?: string };
  settings: { published: boolean; slug: string };
  gallery?: { images?: (string | ImageObject)[] };
  availability?: { reservationDates?: ReservationItem[] };
  seo?: Record<string, unknown>;
  legacy?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}
