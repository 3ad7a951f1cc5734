import type { TSchema } from '@sinclair/typebox';
import type { ErrorItem } from '../errors/api-error.js';
import { valueAt, type FieldSpec } from './field-registry.js';
import { isPlainObject, type JsonObject } from './merge.js';
import { PRODUCT_FIELDS } from './product-fields.js';

/**
 * A product as one row of a table (CSV): one column per field of the registry, named by its
 * path (`basic.product_name`), in the registry's order. How a cell is written and read follows
 * the field's schema: text as it is, numbers and booleans in their JSON spelling, arrays and
 * objects (the gallery, reservations, price tiers, `seo`) as JSON in one cell. A field added to
 * the registry is a column here with no other change.
 */

/** How a column's cells are written and read. */
export type CellKind = 'text' | 'number' | 'boolean' | 'json' | 'text-or-json';

export interface ProductColumn {
  readonly path: string;
  readonly kind: CellKind;
}

function typesOf(schema: TSchema | undefined): string[] {
  const type: unknown = schema?.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}

/** What a request sends decides a column's kind; where that is open (a server field) or built from the configuration, what is stored. */
function kindOf(field: FieldSpec): CellKind {
  const input = typeof field.input === 'function' ? undefined : field.input;
  const types = typesOf(input).length > 0 ? typesOf(input) : typesOf(field.stored);
  if (types.length === 1) {
    const [type] = types;
    if (type === 'string') return 'text';
    if (type === 'number' || type === 'integer') return 'number';
    if (type === 'boolean') return 'boolean';
    return 'json';
  }
  return types.includes('string') ? 'text-or-json' : 'json';
}

export const productColumns = (fields: readonly FieldSpec[] = PRODUCT_FIELDS): ProductColumn[] => fields.map((field) => ({ path: field.path, kind: kindOf(field) }));

/** The columns of a product file, in the registry's order. */
export const PRODUCT_COLUMNS: readonly ProductColumn[] = productColumns();

/* ---------------------------------------------------------------- writing */

/** A document's cell for one column: its text, or undefined where the document has no value. */
export function cellOf(doc: unknown, column: ProductColumn): string | undefined {
  const value = valueAt(doc, column.path);
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && column.kind !== 'json') return value;
  if ((typeof value === 'number' || typeof value === 'boolean') && column.kind !== 'json') return String(value);
  return JSON.stringify(value);
}

/* ---------------------------------------------------------------- reading */

/** A cell as read: its text, and whether it was quoted (`""` is an empty text, an empty unquoted cell is no value). */
export interface Cell {
  text: string;
  quoted: boolean;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

export interface ReadOptions {
  /** A decimal comma is read as a point (`12,5`), as spreadsheets in Czech and other locales write numbers in `;`-separated files. */
  decimalComma?: boolean;
  /** Checks a parsed JSON cell (forbidden keys, nesting) as request bodies are checked; throws an APIError naming the path inside it. */
  checkJson?: (value: unknown) => void;
}

type Read = { value: unknown } | { error: string; field?: string };

function readJson(text: string, options: ReadOptions): Read {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'Must be JSON (an array or an object in one cell).' };
  }
  try {
    options.checkJson?.(value);
  } catch (error) {
    const { message, field } = error as { message: string; field?: string };
    return { error: message, field };
  }
  return { value };
}

function readCell(text: string, kind: CellKind, options: ReadOptions): Read {
  switch (kind) {
    case 'text':
      return { value: text };
    case 'number': {
      const spelled = options.decimalComma && !text.includes('.') ? text.trim().replace(/^([+-]?\d*),(\d+)$/, '$1.$2') : text.trim();
      return NUMBER.test(spelled) ? { value: Number(spelled) } : { error: 'Must be a number.' };
    }
    case 'boolean': {
      const word = text.trim().toLowerCase();
      if (TRUE.has(word)) return { value: true };
      if (FALSE.has(word)) return { value: false };
      return { error: 'Must be true or false.' };
    }
    case 'json':
      return readJson(text, options);
    case 'text-or-json':
      return /^\s*[[{]/.test(text) ? readJson(text, options) : { value: text };
  }
}

function setAt(target: JsonObject, path: string, value: unknown): void {
  const parts = path.split('.');
  let parent = target;
  for (const key of parts.slice(0, -1)) {
    if (!isPlainObject(parent[key])) parent[key] = {};
    parent = parent[key] as JsonObject;
  }
  parent[parts[parts.length - 1] as string] = value;
}

/**
 * One row's cells → the product data they hold, and the cells that could not be read (each
 * naming its field). An empty cell is no value; `""` is an empty text. Cells are given as
 * they were exported, neutralised prefixes already taken off (see spreadsheet-cells.ts).
 */
export function rowData(columns: readonly ProductColumn[], cells: readonly Cell[], options: ReadOptions = {}): { data: JsonObject; errors: ErrorItem[] } {
  const data: JsonObject = {};
  const errors: ErrorItem[] = [];
  columns.forEach((column, index) => {
    const cell = cells[index];
    if (cell === undefined || (cell.text === '' && !(cell.quoted && column.kind === 'text'))) return;
    const read = readCell(cell.text, column.kind, options);
    if ('error' in read) errors.push({ field: read.field ? `${column.path}.${read.field}` : column.path, message: read.error });
    else setAt(data, column.path, read.value);
  });
  return { data, errors };
}

const MAX_NAME = 100;

/** The columns a header names, or the problems of the header (unknown or repeated names), each naming the column. */
export function headerColumns(names: readonly string[], known: readonly ProductColumn[] = PRODUCT_COLUMNS): { columns: ProductColumn[]; errors: ErrorItem[] } {
  const byPath = new Map(known.map((column) => [column.path, column]));
  const errors: ErrorItem[] = [];
  const seen = new Set<string>();
  const columns = names.map((raw) => {
    // A header is a line of a file, as long as it likes: what an error repeats of it is bounded.
    const name = raw.trim().slice(0, MAX_NAME);
    const column = byPath.get(name);
    if (!column) errors.push({ field: name, message: `Not a product field (a column of the header); the columns are ${known.map((c) => c.path).join(', ')}.` });
    else if (seen.has(name)) errors.push({ field: name, message: 'The header names this column twice.' });
    seen.add(name);
    return column ?? { path: name, kind: 'text' as const };
  });
  return { columns, errors };
}
