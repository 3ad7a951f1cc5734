import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ErrorItem } from '../errors/api-error.js';
import { catalogueOf, type ColumnsOf, type FieldCheck, type FieldSpec, type Groups, type WhereTypesOf } from './field-registry.js';
import { generateId } from './ids.js';
import { isPlainObject, type JsonObject } from './merge.js';
import { parseInterval } from './reservations.js';

/**
 * The product's field registry: every field of a product (SPEC section 2) is declared here
 * once, in the order stored documents keep them. Schemas, validation, the `where`/`sort`
 * catalogue, the columns and the types are derived from it (see field-registry.ts); the
 * recipe for adding a field is docs/design-fields.md.
 */

export const MEDIA_URL_PREFIX = '/api/rentMedia/file/';

const open = (description: string) => Type.Unsafe<JsonObject>(Type.Object({}, { additionalProperties: true, description }));

/**
 * Fields that take either an id or an object use one schema with `type: [string, object]`
 * rather than `anyOf`: string rules then apply to strings and object rules to objects, so a
 * failure produces one precise error instead of one per branch.
 */
const idOrObject = (description: string, properties: Record<string, TSchema>, required: string[], extra: boolean) =>
  Type.Unsafe<string | JsonObject>({ type: ['string', 'object'], description, minLength: 1, maxLength: 64, properties, required, additionalProperties: extra });

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

/** A stored reservation item: the interval plus any extra properties the client sent. */
export interface ReservationItem {
  id: string;
  from: string;
  to: string;
  note?: string;
  [extra: string]: unknown;
}

const ReservationItemSchema = Type.Unsafe<ReservationItem>(Type.Composite([ReservationInputSchema, Type.Object({ id: Type.String() })], { additionalProperties: true }));

/* ---------------------------------------------------------------- rules a schema cannot say */

const notBlank: FieldCheck = (value, path) => (typeof value === 'string' && value.trim() === '' ? [{ field: path, message: 'Must not be empty.' }] : []);

/** JSON.parse reads `1e999` as Infinity, which a number schema lets through. */
const finite: FieldCheck = (value, path) => (typeof value === 'number' && !Number.isFinite(value) ? [{ field: path, message: 'Must be a finite number.' }] : []);

/** An image object points at its own file. */
const imageUrls: FieldCheck = (images, path, failed) => {
  if (!Array.isArray(images)) return [];
  const errors: ErrorItem[] = [];
  images.forEach((image, index) => {
    const field = `${path}.${index}.url`;
    if (!isPlainObject(image) || failed(field) || typeof image.filename !== 'string' || typeof image.url !== 'string') return;
    if (image.url !== MEDIA_URL_PREFIX + image.filename && image.url !== MEDIA_URL_PREFIX + encodeURIComponent(image.filename)) {
      errors.push({ field, message: `Must be ${MEDIA_URL_PREFIX}<filename> for this image's filename.` });
    }
  });
  return errors;
};

/** Each reservation is an interval, and no two of one product share an id (overlaps are a 409, checked on the whole document). */
const reservationItems: FieldCheck = (items, path, failed) => {
  if (!Array.isArray(items)) return [];
  const errors: ErrorItem[] = [];
  const ids = new Set<string>();
  items.forEach((item, index) => {
    const at = `${path}.${index}`;
    if (!isPlainObject(item)) return;
    if (!failed(`${at}.from`) && !failed(`${at}.to`)) errors.push(...parseInterval(item.from, item.to, at).errors);
    if (typeof item.id === 'string') {
      if (ids.has(item.id)) errors.push({ field: `${at}.id`, message: 'Another reservation of this product has this id.' });
      ids.add(item.id);
    }
  });
  return errors;
};

/** Each tier starts at more units than the one before it (SPEC section 8). */
const increasingTiers: FieldCheck = (tiers, path, failed) => {
  if (!Array.isArray(tiers)) return [];
  const errors: ErrorItem[] = [];
  tiers.forEach((tier, index) => {
    const previous: unknown = tiers[index - 1];
    if (index === 0 || !isPlainObject(tier) || !isPlainObject(previous) || failed(`${path}.${index}.min_units`)) return;
    if (typeof tier.min_units === 'number' && typeof previous.min_units === 'number' && tier.min_units <= previous.min_units) {
      errors.push({ field: `${path}.${index}.min_units`, message: `Must be more than the tier before it (${previous.min_units}).` });
    }
  });
  return errors;
};

/** JSON.parse reads `1e999` as Infinity, which a number schema lets through. */
const tierPrices: FieldCheck = (tiers, path, failed) =>
  Array.isArray(tiers) ? tiers.flatMap((tier, index) => (isPlainObject(tier) && !failed(`${path}.${index}.price`) ? finite(tier.price, `${path}.${index}.price`, failed) : [])) : [];

const duration = (description: string) => Type.String({ format: 'duration', maxLength: 100, description: `${description} An ISO 8601 duration (P2D, PT4H, P1W).` });

const withIds = (items: unknown): ReservationItem[] =>
  (items as JsonObject[]).map(({ id, from, to, ...rest }) => ({ id: typeof id === 'string' ? id : generateId(), from: String(from), to: String(to), ...rest }));

/* ---------------------------------------------------------------- the registry */

/** The groups fields are in; each is in every stored product, even empty. */
export const PRODUCT_GROUPS = {
  basic: { required: true },
  additional: {},
  settings: {},
  gallery: {},
  availability: {},
} as const satisfies Groups;

const serverTime = (description: string) => ({
  input: Type.Unknown({ description: 'Set by the server; ignored.' }),
  stored: Type.String({ format: 'date-time', description }),
  always: true,
  server: true,
  filter: 'date',
  sortable: true,
}) as const;

export const PRODUCT_FIELDS = [
  {
    path: 'id',
    input: Type.String({ description: 'Ignored except on POST /api/products/:id, where it must equal the path id.' }),
    stored: Type.String(),
    always: true,
    server: true,
    column: { name: 'id', sql: 'text', notNull: true },
    filter: 'string',
    sortable: true,
  },
  { path: 'internal_name', input: Type.String({ maxLength: 200 }), column: { name: 'internal_name', sql: 'text' }, filter: 'string', sortable: true },
  {
    path: 'basic.product_name',
    input: Type.String({ minLength: 1, maxLength: 200 }),
    required: true,
    always: true,
    check: notBlank,
    column: { name: 'product_name', sql: 'text', notNull: true },
    filter: 'string',
    sortable: true,
  },
  {
    path: 'basic.product_desc',
    input: Type.String({ maxLength: 20000 }),
    column: { name: 'product_desc', sql: 'text', table: { name: 'product_texts', key: 'product_id' } },
    filter: 'string',
  },
  { path: 'basic.location', input: Type.String({ maxLength: 200 }), column: { name: 'location', sql: 'text' }, filter: 'string', sortable: true },
  {
    // Last in `basic`: depth 1 splices the owner's profile in at this place (read-model/products/render.ts).
    path: 'basic.rent_owner',
    input: idOrObject('A rents account id, or an object with its id (its other properties are ignored).', { id: Type.String({ minLength: 1, maxLength: 64 }) }, ['id'], true),
    stored: Type.String(),
    shown: Type.Union([Type.String({ description: 'depth=0' }), Type.Ref('PublicProfile')]),
    column: { name: 'owner_id', sql: 'text' },
    filter: 'string',
  },
  { path: 'additional.price', input: Type.Number({ minimum: 0 }), check: finite, column: { name: 'price', sql: 'real' }, filter: 'number', sortable: true },
  { path: 'additional.caution', input: Type.Number({ minimum: 0 }), check: finite, column: { name: 'caution', sql: 'real' }, filter: 'number', sortable: true },
  {
    path: 'additional.time_unit',
    input: ({ timeUnits }) => Type.Unsafe<string>({ type: 'string', enum: [...timeUnits] }),
    stored: Type.String(),
    column: { name: 'time_unit', sql: 'text' },
    filter: 'string',
  },
  { path: 'additional.selectedTerm', input: Type.String({ minLength: 1, maxLength: 64 }), column: { name: 'selected_term', sql: 'text' }, filter: 'string' },
  // The rental rules of SPEC section 8.
  { path: 'additional.min_duration', input: duration('The shortest rental a booking request may ask for.') },
  { path: 'additional.max_duration', input: duration('The longest rental a booking request may ask for.') },
  { path: 'additional.buffer_before', input: duration('Time kept free before every reservation.') },
  { path: 'additional.buffer_after', input: duration('Time kept free after every reservation.') },
  { path: 'additional.lead_time', input: duration('How long after it is made a booking request may start at the earliest.') },
  {
    path: 'additional.price_tiers',
    input: Type.Array(
      Type.Object({ min_units: Type.Integer({ minimum: 2 }), price: Type.Number({ minimum: 0 }) }, { additionalProperties: false }),
      { maxItems: 50, description: 'From `min_units` units on, the unit price is `price` instead of additional.price; min_units strictly increasing.' },
    ),
    check: (tiers, path, failed) => [...increasingTiers(tiers, path, failed), ...tierPrices(tiers, path, failed)],
  },
  { path: 'settings.published', input: Type.Boolean(), always: true, default: () => false, column: { name: 'published', sql: 'boolean', notNull: true }, filter: 'boolean' },
  {
    path: 'settings.slug',
    input: Type.String({ maxLength: 120, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', errorMessage: 'Must be lower-case letters and digits in words joined by single hyphens (vrtacka-bosch).' }),
    always: true,
    column: { name: 'slug', sql: 'text', notNull: true },
    filter: 'string',
    sortable: true,
  },
  {
    // Followed by `availability`: depth 1 splices the gallery's images in by these two markers (render.ts).
    path: 'gallery.images',
    input: Type.Array(idOrObject('A rentMedia id, or an image object.', ImageObjectSchema.properties, [...ImageObjectSchema.required], false), { maxItems: 50 }),
    stored: Type.Array(Type.Union([Type.String({ description: 'A rentMedia id' }), ImageObjectSchema])),
    shown: Type.Array(Type.Union([Type.String({ description: 'depth=0: a rentMedia id' }), ImageObjectSchema])),
    always: true,
    default: () => [],
    check: imageUrls,
  },
  {
    path: 'availability.reservationDates',
    input: Type.Array(ReservationInputSchema, { maxItems: 1000 }),
    stored: Type.Array(ReservationItemSchema),
    always: true,
    default: () => [],
    normalise: withIds,
    check: reservationItems,
  },
  { path: 'seo', input: open('Free-form SEO metadata.') },
  { path: 'legacy', input: open('Free-form namespaced metadata.') },
  { path: 'createdAt', ...serverTime('When it was created.'), column: { name: 'created_at', sql: 'text', notNull: true } },
  { path: 'updatedAt', ...serverTime('When it last changed.'), column: { name: 'updated_at', sql: 'text', notNull: true } },
] as const satisfies readonly FieldSpec[];

/** The product paths that `where` and `sort` accept, each backed by its own column. */
export const productFields = catalogueOf(PRODUCT_FIELDS);

/** The columns of `products` that fields are kept in (the rest of the row is its version and its document). */
export type ProductFieldColumns = ColumnsOf<typeof PRODUCT_FIELDS>;

/** Every path a product `where` may name, with its value type (the typed client's `where`). */
export type ProductWhereTypes = WhereTypesOf<typeof PRODUCT_FIELDS>;
