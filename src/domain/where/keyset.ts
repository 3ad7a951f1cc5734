import type { FieldDef, Scalar, SortKey, WhereNode } from './types.js';

/**
 * Keyset paging: the documents that come after one document in a sort order, as a `where`
 * node, so that a long listing reads page after page each from where the last one ended (an
 * index range), instead of skipping ever more rows with OFFSET, and is not thrown off by writes
 * between pages. NULLs sort as where-sql.ts sorts them: first ascending, last descending.
 */

const TRUE: WhereNode = { kind: 'and', children: [] };
const FALSE: WhereNode = { kind: 'or', children: [] };

const compare = (field: FieldDef, op: 'equals' | 'greater_than' | 'greater_than_equal' | 'less_than' | 'less_than_equal', value: Scalar | null): WhereNode => ({
  kind: 'compare',
  field,
  op,
  value,
});
const isNull = (field: FieldDef): WhereNode => ({ kind: 'exists', field, exists: false });
const or = (...children: WhereNode[]): WhereNode => ({ kind: 'or', children });
const and = (...children: WhereNode[]): WhereNode => ({ kind: 'and', children });

/** The keys up to the first unique one (parseSort ends every sort with `id`): those after it never decide. */
export function keysUntilUnique(sort: SortKey[], unique = 'id'): SortKey[] {
  const at = sort.findIndex((key) => key.field.path === unique);
  return at === -1 ? sort : sort.slice(0, at + 1);
}

/**
 * The documents after the one whose sort values are `values` (one per key, null where it has
 * none). The last key must be unique. `notNull(field)` says which columns never hold NULL:
 * their conditions are then plain comparisons, which an index answers as one range.
 */
export function after(sort: SortKey[], values: (Scalar | null)[], notNull: (field: FieldDef) => boolean = () => false): WhereNode {
  const strictly = (index: number): WhereNode => {
    const { field, descending } = sort[index] as SortKey;
    const value = values[index] ?? null;
    if (!descending) return value === null ? { kind: 'exists', field, exists: true } : compare(field, 'greater_than', value);
    if (value === null) return FALSE;
    return notNull(field) ? compare(field, 'less_than', value) : or(compare(field, 'less_than', value), isNull(field));
  };
  const atOrAfter = (index: number): WhereNode => {
    const { field, descending } = sort[index] as SortKey;
    const value = values[index] ?? null;
    if (!descending) return value === null ? TRUE : compare(field, 'greater_than_equal', value);
    if (value === null) return isNull(field);
    return notNull(field) ? compare(field, 'less_than_equal', value) : or(compare(field, 'less_than_equal', value), isNull(field));
  };
  // k1 ≥ v1 AND (k1 > v1 OR (k2 ≥ v2 AND (k2 > v2 OR … kn > vn))): the outer bound on the first
  // key is what lets the database start the scan at the right place.
  const from = (index: number): WhereNode => (index === sort.length - 1 ? strictly(index) : and(atOrAfter(index), or(strictly(index), from(index + 1))));
  if (sort.length === 0) throw new Error('keyset paging needs a sort that ends with a unique key');
  return from(0);
}
