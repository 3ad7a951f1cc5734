import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ErrorItem } from '../errors/api-error.js';
import { isPlainObject, type JsonObject } from './merge.js';
import type { FieldCatalogue, FieldDef, FieldType } from './where/types.js';

/**
 * The machinery of a collection's field registry: each field is declared once (path, schema,
 * column, filters) and everything else a field needs is derived here from the declarations:
 * the input and response schemas, the rules a schema cannot say, the stored document's shape
 * and key order, the `where`/`sort` catalogue, the table's columns and a document's values for
 * them. The TypeScript types of the document, the columns and the client's `where` are derived
 * from the same declarations (DocumentOf, ColumnsOf, WhereTypesOf).
 */

/** What a field's input schema may depend on: the project configuration. */
export interface SchemaOptions {
  timeUnits: readonly string[];
}

/** A column a field is kept in beside the document, for filters, sorts and uniqueness. */
export interface ColumnSpec {
  readonly name: string;
  /** `boolean` is stored as 0/1 (an integer) on both databases. */
  readonly sql: 'text' | 'real' | 'integer' | 'boolean';
  readonly notNull?: boolean;
  /** A column of a 1:1 side table instead of the collection's own. */
  readonly table?: { readonly name: string; readonly key: string };
  /** Whether the migration that adds it (addFieldColumn) indexes it for sorting; by default when the field is sortable. */
  readonly sortIndex?: boolean;
}

/** A rule a JSON schema cannot say; `failed(path)` tells which paths the schema already refused. */
export type FieldCheck = (value: unknown, path: string, failed: (path: string) => boolean) => ErrorItem[];

export interface FieldSpec {
  /** Dotted path as clients write it: `additional.price`. Its first part, when it has two, is the field's group. */
  readonly path: string;
  /** What a request may send: a schema, or one built from the project configuration. */
  readonly input: TSchema | ((options: SchemaOptions) => TSchema);
  /** What a stored document holds (depth 0) where that differs from `input` (a schema, not a function). */
  readonly stored?: TSchema;
  /** What a response shows (at either depth) where that differs from `stored`. */
  readonly shown?: TSchema;
  /** A request must send it (create, and every merged update). */
  readonly required?: boolean;
  /** Every stored document has it (set by the service, or by `default`). */
  readonly always?: boolean;
  /** Set by the service: a request may send it, and it is ignored (SPEC section 2). */
  readonly server?: boolean;
  readonly column?: ColumnSpec;
  /** The type `where` compares it as; only fields with a column filter. */
  readonly filter?: FieldType;
  readonly sortable?: boolean;
  /** The stored value when a request leaves it out. */
  readonly default?: () => unknown;
  /** The stored form of a validated value (ids given to items that lack one, say). */
  readonly normalise?: (value: unknown) => unknown;
  readonly check?: FieldCheck;
  readonly description?: string;
}

/** The objects fields are grouped in (`basic`, `additional`, …): in every stored document, even empty. */
export interface GroupSpec {
  /** A request must send it. */
  readonly required?: boolean;
  readonly description?: string;
}

export type Groups = Readonly<Record<string, GroupSpec>>;

/* ---------------------------------------------------------------- types derived from declarations */

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Expand<T> = T extends (...args: never[]) => unknown ? T : T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]: Expand<T[K]> } : T;

type StoredSchema<F> = F extends { stored: infer S extends TSchema } ? S : F extends { input: infer I extends TSchema } ? I : never;
type Nest<P extends string, V, Present extends boolean> = P extends `${infer Head}.${infer Rest}`
  ? { [K in Head]: Nest<Rest, V, Present> }
  : Present extends true
    ? { [K in P]: V }
    : { [K in P]?: V };
type FieldObject<F> = F extends { path: infer P extends string } ? Nest<P, Static<StoredSchema<F>>, F extends { always: true } ? true : false> : never;

/** The stored document (depth 0) of a collection: every field at its path, groups always present. */
export type DocumentOf<Fields extends readonly FieldSpec[]> = Expand<UnionToIntersection<FieldObject<Fields[number]>>>;

type ColumnValue<C> = (C extends { sql: 'text' } ? string : number) | (C extends { notNull: true } ? never : null);
type MainColumn<F> = F extends { column: infer C extends ColumnSpec } ? (C extends { table: object } ? never : C) : never;
/** The columns of the collection's own table that fields are kept in, with their values' types. */
export type ColumnsOf<Fields extends readonly FieldSpec[]> = { [C in MainColumn<Fields[number]> as C['name']]: ColumnValue<C> };

type FilterValue<T> = T extends 'number' ? number : T extends 'boolean' ? boolean : string;
type Filtered<F> = Extract<F, { filter: FieldType; path: string }>;
/** Every path `where` may name, with the type its values take. */
export type WhereTypesOf<Fields extends readonly FieldSpec[]> = { [F in Filtered<Fields[number]> as F['path']]: FilterValue<F['filter']> };

/* ---------------------------------------------------------------- values at paths */

const segmentsOf = new Map<string, string[]>();
const segments = (path: string): string[] => {
  let parts = segmentsOf.get(path);
  if (!parts) segmentsOf.set(path, (parts = path.split('.')));
  return parts;
};

/** The value at a dotted path, or undefined where any part is missing. */
export function valueAt(doc: unknown, path: string): unknown {
  let value = doc;
  for (const key of segments(path)) {
    if (!isPlainObject(value)) return undefined;
    value = Object.hasOwn(value, key) ? value[key] : undefined;
  }
  return value;
}

const groupOf = (field: FieldSpec): string | undefined => (field.path.includes('.') ? segments(field.path)[0] : undefined);

/* ---------------------------------------------------------------- schemas */

const inputOf = (field: FieldSpec, options: SchemaOptions): TSchema => (typeof field.input === 'function' ? field.input(options) : field.input);
const storedOf = (field: FieldSpec): TSchema => {
  if (field.stored) return field.stored;
  if (typeof field.input === 'function') throw new Error(`field ${field.path}: an input built from the configuration needs a \`stored\` schema`);
  return field.input;
};
const described = (schema: TSchema, field: FieldSpec): TSchema => (field.description && !schema.description ? { ...schema, description: field.description } : schema);

/** Fields nested into their groups: one object schema per group, in declaration order. */
function nested(fields: readonly FieldSpec[], groups: Groups, leaf: (field: FieldSpec) => TSchema | undefined, group: (name: string, properties: Record<string, TSchema>) => TSchema): Record<string, TSchema> {
  const root: Record<string, TSchema | Record<string, TSchema>> = {};
  const members = new Map<string, Record<string, TSchema>>();
  for (const field of fields) {
    const schema = leaf(field);
    if (!schema) continue;
    const name = groupOf(field);
    if (name === undefined) {
      root[field.path] = schema;
      continue;
    }
    if (!groups[name]) throw new Error(`field ${field.path}: no group \`${name}\` is declared`);
    let properties = members.get(name);
    if (!properties) {
      properties = {};
      members.set(name, properties);
      root[name] = properties;
    }
    properties[field.path.slice(name.length + 1)] = schema;
  }
  return Object.fromEntries(Object.entries(root).map(([key, value]) => [key, members.get(key) === value ? group(key, value as Record<string, TSchema>) : (value as TSchema)]));
}

/** What a request may send: unknown fields anywhere are refused (they are typos). */
export function inputSchema(fields: readonly FieldSpec[], groups: Groups, options: SchemaOptions, description?: string): TSchema {
  const properties = nested(
    fields,
    groups,
    (field) => {
      const schema = described(inputOf(field, options), field);
      return field.required ? schema : Type.Optional(schema);
    },
    (name, members) => {
      const spec = groups[name] ?? {};
      const schema = Type.Object(members, { additionalProperties: false, ...(spec.description ? { description: spec.description } : {}) });
      return spec.required ? schema : Type.Optional(schema);
    },
  );
  return Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
}

/** What responses show: every group, the fields every document has, and room for what afterRead hooks add. */
export function responseSchema(fields: readonly FieldSpec[], groups: Groups, options: { $id: string; description?: string }): TSchema {
  const properties = nested(
    fields,
    groups,
    (field) => {
      const schema = described(field.shown ?? storedOf(field), field);
      return field.always ? schema : Type.Optional(schema);
    },
    (name, members) => Type.Object(members, groups[name]?.description ? { description: groups[name]?.description } : {}),
  );
  return Type.Object(properties, { additionalProperties: true, ...options });
}

/** The required fields a missing group stands for: a missing `basic` is reported as its missing `basic.product_name`. */
export function requiredIn(fields: readonly FieldSpec[], group: string): string[] {
  return fields.filter((field) => field.required && groupOf(field) === group).map((field) => field.path);
}

/** Every field's own rules, on a document the schema has checked; paths the schema refused are not checked again. */
export function fieldRuleErrors(fields: readonly FieldSpec[], doc: JsonObject, failed: (path: string) => boolean): ErrorItem[] {
  const errors: ErrorItem[] = [];
  for (const field of fields) {
    if (!field.check || failed(field.path)) continue;
    const value = valueAt(doc, field.path);
    if (value !== undefined) errors.push(...field.check(value, field.path, failed));
  }
  return errors;
}

/* ---------------------------------------------------------------- documents */

/**
 * A validated input → the stored document: every field at its path in declaration order (so
 * that equal documents serialise to equal bytes), `values` in place of the input's for the
 * fields the service sets, defaults for what is left out, and every group present.
 */
export function buildDocument(fields: readonly FieldSpec[], data: JsonObject, values: Readonly<Record<string, unknown>>): JsonObject {
  const doc: JsonObject = {};
  for (const field of fields) {
    let value = Object.hasOwn(values, field.path) ? values[field.path] : field.server ? undefined : valueAt(data, field.path);
    if (value === undefined && field.default) value = field.default();
    if (value !== undefined && field.normalise) value = field.normalise(value);
    const parts = segments(field.path);
    let parent = doc;
    for (const key of parts.slice(0, -1)) {
      if (!isPlainObject(parent[key])) parent[key] = {};
      parent = parent[key] as JsonObject;
    }
    if (value !== undefined) parent[parts[parts.length - 1] as string] = value;
  }
  return doc;
}

/* ---------------------------------------------------------------- columns and filters */

/** The `where`/`sort` catalogue: every field that has a column and a filter type. */
export function catalogueOf(fields: readonly FieldSpec[]): FieldCatalogue {
  const defs: FieldDef[] = fields.flatMap((field) => {
    if (!field.filter || !field.column) return [];
    const { name, table } = field.column;
    return [{ path: field.path, column: name, type: field.filter, sortable: field.sortable === true, ...(table ? { sideTable: { table: table.name, key: table.key } } : {}) }];
  });
  return new Map(defs.map((def) => [def.path, def]));
}

/** The collection's own columns that fields are kept in, in declaration order. */
export const tableColumnsOf = (fields: readonly FieldSpec[]): string[] => fields.flatMap((field) => (field.column && !field.column.table ? [field.column.name] : []));

/** A column's value of a document: absent is NULL, a boolean 1 or 0. */
function columnValue(column: ColumnSpec, value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (column.sql === 'boolean') return value === true ? 1 : 0;
  return value as string | number;
}

/** A document's values for the columns of `table` (the collection's own when undefined), keyed by column name. */
export function columnValuesOf(fields: readonly FieldSpec[], doc: unknown, table?: string): Record<string, string | number | null> {
  const values: Record<string, string | number | null> = {};
  for (const field of fields) {
    const column = field.column;
    if (!column || column.table?.name !== table) continue;
    values[column.name] = columnValue(column, valueAt(doc, field.path));
  }
  return values;
}
