import type { FieldCatalogue, FieldDef } from './where/types.js';

/** The product paths that `where` and `sort` accept, each backed by its own column. */
const PRODUCT_FIELDS: FieldDef[] = [
  { path: 'id', column: 'id', type: 'string', sortable: true },
  { path: 'createdAt', column: 'created_at', type: 'date', sortable: true },
  { path: 'updatedAt', column: 'updated_at', type: 'date', sortable: true },
  { path: 'internal_name', column: 'internal_name', type: 'string', sortable: true },
  { path: 'basic.product_name', column: 'product_name', type: 'string', sortable: true },
  { path: 'basic.product_desc', column: 'product_desc', type: 'string', sortable: false, sideTable: { table: 'product_texts', key: 'product_id' } },
  { path: 'basic.location', column: 'location', type: 'string', sortable: true },
  { path: 'basic.rent_owner', column: 'owner_id', type: 'string', sortable: false },
  { path: 'additional.price', column: 'price', type: 'number', sortable: true },
  { path: 'additional.caution', column: 'caution', type: 'number', sortable: true },
  { path: 'additional.time_unit', column: 'time_unit', type: 'string', sortable: false },
  { path: 'additional.selectedTerm', column: 'selected_term', type: 'string', sortable: false },
  { path: 'settings.published', column: 'published', type: 'boolean', sortable: false },
  { path: 'settings.slug', column: 'slug', type: 'string', sortable: true },
];

export const productFields: FieldCatalogue = new Map(PRODUCT_FIELDS.map((field) => [field.path, field]));
