/** The query language of `where`, sort and access filters, independent of any database. */

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

export interface FieldDef {
  /** Dotted path as clients write it: `additional.price`. */
  path: string;
  /** Column in the collection's table. */
  column: string;
  type: FieldType;
  sortable: boolean;
  /**
   * A column of a side table rather than of the collection's own: the row whose `key` equals
   * the document's `localKey` (its id unless given).
   */
  sideTable?: { table: string; key: string; localKey?: string };
}

export type FieldCatalogue = ReadonlyMap<string, FieldDef>;

export const OPERATORS = [
  'equals',
  'not_equals',
  'in',
  'not_in',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'contains',
  'exists',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type Scalar = string | number | boolean;

export type Condition =
  | { kind: 'compare'; field: FieldDef; op: 'equals' | 'not_equals' | 'greater_than' | 'greater_than_equal' | 'less_than' | 'less_than_equal'; value: Scalar | null }
  | { kind: 'list'; field: FieldDef; op: 'in' | 'not_in'; values: Scalar[] }
  | { kind: 'text'; field: FieldDef; op: 'like'; words: string[] }
  | { kind: 'text'; field: FieldDef; op: 'contains'; words: [string] }
  | { kind: 'exists'; field: FieldDef; exists: boolean };

export type TextCondition = Extract<Condition, { kind: 'text' }>;

export type WhereNode = { kind: 'and'; children: WhereNode[] } | { kind: 'or'; children: WhereNode[] } | Condition;

export interface SortKey {
  field: FieldDef;
  descending: boolean;
}

/** What narrows a list or a count of a collection: the caller's read filter and the request's `where`, both of which must hold. */
export interface ReadFilter {
  access?: WhereNode;
  where?: WhereNode;
}

export const ALWAYS: WhereNode = { kind: 'and', children: [] };

/** Whether a `where` names any condition: `{}`, `{"and": []}` and the like name none, and match every document. */
export const hasCondition = (node: WhereNode): boolean => (node.kind === 'and' || node.kind === 'or' ? node.children.some(hasCondition) : true);
