import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnSpec, FieldSpec } from '../../domain/field-registry.js';
import { PRODUCT_FIELDS } from '../../domain/product-fields.js';
import type { Dialect } from '../schema.js';
import { sortIndexStatement } from './sort-index.js';

const SQL_TYPES: Record<ColumnSpec['sql'], Record<Dialect, string>> = {
  text: { sqlite: 'text', postgres: 'text' },
  real: { sqlite: 'real', postgres: 'double precision' },
  integer: { sqlite: 'integer', postgres: 'integer' },
  boolean: { sqlite: 'integer', postgres: 'integer' },
};

/** A stored document's value at a path, in SQL, as the column keeps it. */
function valueInDocument(dialect: Dialect, path: string, type: ColumnSpec['sql']) {
  if (dialect === 'sqlite') return sql`json_extract(doc, ${`$.${path}`})`;
  const text = sql`(doc::jsonb #>> ${`{${path.split('.').join(',')}}`})`;
  if (type === 'text') return text;
  if (type === 'boolean') return sql`CASE ${text} WHEN 'true' THEN 1 WHEN 'false' THEN 0 END`;
  return sql`${text}::${sql.raw(SQL_TYPES[type].postgres)}`;
}

/**
 * The migration that gives a product field of the registry (domain/product-fields.ts) its
 * column: the column, filled from the stored documents (which hold every field, with or
 * without a column), and for a sortable field the indexes lists sort it by, with and without
 * `published` first (anonymous lists are always filtered on it). A migration file is then one
 * line: `export const minDuration = (dialect: Dialect) => addFieldColumn(dialect, 'additional.min_duration');`
 */
export function addFieldColumn(dialect: Dialect, path: string, fields: readonly FieldSpec[] = PRODUCT_FIELDS): Migration {
  const field = fields.find((candidate) => candidate.path === path);
  const column = field?.column;
  if (!field || !column) throw new Error(`addFieldColumn: ${path} is not a product field with a column`);
  if (column.table) throw new Error(`addFieldColumn: ${path} is kept in ${column.table.name}, not in products`);
  const { name } = column;
  const type = SQL_TYPES[column.sql][dialect];
  const notNull = column.sql === 'boolean' && column.notNull ? ' NOT NULL DEFAULT 0' : '';
  if (column.notNull && !notNull) throw new Error(`addFieldColumn: ${path} cannot be NOT NULL on the products already stored`);
  const sorted = column.sortIndex ?? field.sortable === true;
  return {
    async up(db: Kysely<unknown>) {
      await sql.raw(`ALTER TABLE products ADD COLUMN ${name} ${type}${notNull}`).execute(db);
      const value = valueInDocument(dialect, path, column.sql);
      await sql`UPDATE products SET ${sql.ref(name)} = ${notNull ? sql`coalesce(${value}, 0)` : value}`.execute(db);
      if (sorted) {
        await sql.raw(sortIndexStatement(dialect, `products_${name}`, 'products', [name, 'id'])).execute(db);
        await sql.raw(sortIndexStatement(dialect, `products_published_${name}`, 'products', ['published', name, 'id'])).execute(db);
      }
    },
  };
}
