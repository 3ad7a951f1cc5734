import type { TSchema } from '@sinclair/typebox';
import { inputSchema, responseSchema, type DocumentOf } from './field-registry.js';
import { PRODUCT_FIELDS, PRODUCT_GROUPS } from './product-fields.js';

/** The product's schemas and document type, derived from its field registry (product-fields.ts). */

export { ImageObjectSchema, MEDIA_URL_PREFIX, ReservationInputSchema, type ImageObject, type ReservationItem } from './product-fields.js';

/** The product document a client sends (SPEC section 2): what validates requests and documents them in OpenAPI. */
export const productInputSchema = (timeUnits: readonly string[]): TSchema => inputSchema(PRODUCT_FIELDS, PRODUCT_GROUPS, { timeUnits });

/** A product as responses show it, at depth 0 or 1. */
export const ProductSchema = responseSchema(PRODUCT_FIELDS, PRODUCT_GROUPS, { $id: 'Product' });

/** A product as stored (depth 0): the owner is an id, gallery items are ids or image objects. */
export type ProductDoc = DocumentOf<typeof PRODUCT_FIELDS>;
