import type { FieldCatalogue, FieldDef } from '../where/types.js';

/** What `where` and `sort` may name of an imported calendar. Its URL is a secret and is left out. */
const CALENDAR_FIELDS: FieldDef[] = [
  { path: 'id', column: 'id', type: 'string', sortable: true },
  { path: 'product', column: 'product_id', type: 'string', sortable: true },
  // The owner of the calendar's product: who manages it under the default access rules.
  { path: 'owner', column: 'owner_id', type: 'string', sortable: false, sideTable: { table: 'products', key: 'id', localKey: 'product_id' } },
  { path: 'name', column: 'name', type: 'string', sortable: true },
  { path: 'lastStatus', column: 'last_status', type: 'string', sortable: true },
  { path: 'lastSyncedAt', column: 'last_synced_at', type: 'date', sortable: true },
  { path: 'createdAt', column: 'created_at', type: 'date', sortable: true },
  { path: 'updatedAt', column: 'updated_at', type: 'date', sortable: true },
];

export const calendarFields: FieldCatalogue = new Map(CALENDAR_FIELDS.map((field) => [field.path, field]));
