import type { FieldCatalogue, FieldDef } from './where/types.js';

/**
 * What `where`, `sort` and access filters may name of a rents account: its public columns.
 * The login e-mail, roles and lockout state are left out, so no filter can probe them.
 */
const ACCOUNT_FIELDS: FieldDef[] = [
  { path: 'id', column: 'id', type: 'string', sortable: true },
  { path: 'rentNameSystem', column: 'rent_name_system', type: 'string', sortable: true },
  { path: 'createdAt', column: 'created_at', type: 'date', sortable: true },
  { path: 'updatedAt', column: 'updated_at', type: 'date', sortable: true },
];

export const accountFields: FieldCatalogue = new Map(ACCOUNT_FIELDS.map((field) => [field.path, field]));
