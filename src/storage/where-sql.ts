import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { lowerPreimages } from '../domain/fold.js';
import type { Condition, FieldDef, ReadFilter, Scalar, SortKey, TextCondition, WhereNode } from '../domain/where/types.js';

/**
 * The where-language tree → a parameterised SQL expression. Column names come only from
 * the field catalogue; every value a client sent is a bound parameter.
 */
type Expr = RawBuilder<SqlBool>;

const TRUE: Expr = sql<SqlBool>`1 = 1`;
const FALSE: Expr = sql<SqlBool>`1 = 0`;

export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

const column = (table: string, field: FieldDef) => sql.ref(`${table}.${field.column}`);
const param = (field: FieldDef, value: Scalar) => (field.type === 'boolean' ? (value ? 1 : 0) : value);

export function and(parts: Expr[]): Expr {
  if (parts.length === 0) return TRUE;
  if (parts.length === 1 && parts[0]) return parts[0];
  return joined(parts, sql` AND `);
}

function or(parts: Expr[]): Expr {
  if (parts.length === 0) return FALSE;
  if (parts.length === 1 && parts[0]) return parts[0];
  return joined(parts, sql` OR `);
}

/** Terms joined flat up to this many; longer runs are nested in halves. */
const FLAT_TERMS = 16;

/**
 * SQLite refuses an expression tree deeper than 1,000, and parses `a AND b AND c …` as a tree
 * as deep as its terms are many: a `like` of 1,500 one-letter words was a 500. Nested in
 * halves, n terms are ~16 + log₂ n deep.
 */
function joined(parts: Expr[], operator: RawBuilder<unknown>): Expr {
  if (parts.length <= FLAT_TERMS) return sql<SqlBool>`(${sql.join(parts, operator)})`;
  const half = Math.ceil(parts.length / 2);
  return sql<SqlBool>`(${joined(parts.slice(0, half), operator)}${operator}${joined(parts.slice(half), operator)})`;
}

const COMPARISON = {
  greater_than: sql.raw('>'),
  greater_than_equal: sql.raw('>='),
  less_than: sql.raw('<'),
  less_than_equal: sql.raw('<='),
} as const;

function condition(table: string, c: Condition): Expr {
  const col = column(table, c.field);
  switch (c.kind) {
    case 'exists':
      return c.exists ? sql<SqlBool>`${col} IS NOT NULL` : sql<SqlBool>`${col} IS NULL`;
    case 'list': {
      if (c.values.length === 0) return c.op === 'in' ? FALSE : TRUE;
      const list = sql.join(c.values.map((v) => param(c.field, v)));
      return c.op === 'in' ? sql<SqlBool>`${col} IN (${list})` : sql<SqlBool>`(${col} IS NULL OR ${col} NOT IN (${list}))`;
    }
    case 'text':
      return textConditionSql(col, c);
    case 'compare': {
      if (c.value === null) return c.op === 'equals' ? sql<SqlBool>`${col} IS NULL` : sql<SqlBool>`${col} IS NOT NULL`;
      const value = param(c.field, c.value);
      if (c.op === 'equals') return sql<SqlBool>`${col} = ${value}`;
      if (c.op === 'not_equals') return sql<SqlBool>`(${col} IS NULL OR ${col} <> ${value})`;
      return sql<SqlBool>`${col} ${COMPARISON[c.op]} ${value}`;
    }
  }
}

/** `like` (every folded word) or `contains` (the lower-cased text) on one column. */
export function textConditionSql(col: RawBuilder<unknown>, c: TextCondition): Expr {
  if (c.op === 'contains') return containsSql(col, c.words[0]);
  return and(c.words.map((word) => sql<SqlBool>`rc_fold(${col}) LIKE ${containsPattern(word)} ESCAPE '\\'`));
}

/** Past this many, testing a text for each character costs more than what the tests spare. */
const MAX_PREIMAGE_TESTS = 16;

/**
 * `contains`: rc_lower(col) holds the lower-cased value. Both databases' own `lower()` (every
 * text column is `COLLATE "C"` on PostgreSQL) lower-cases ASCII letters only, in C; its answer
 * can differ from rc_lower's only where the text holds a character outside ASCII that lowers
 * into one of the value's (lowerPreimages), so rc_lower, a call back into JavaScript on
 * SQLite, runs for those texts alone. A `contains` of `a` on 100,000 descriptions (count and
 * page) took 1.74 s of the event loop with rc_lower on every row, 0.53 s so (docs/design.md: Search).
 */
function containsSql(col: RawBuilder<unknown>, lowered: string): Expr {
  const pattern = containsPattern(lowered);
  const asciiLowered = sql<SqlBool>`lower(${col}) LIKE ${pattern} ESCAPE '\\'`;
  const preimages = lowerPreimages(lowered);
  if (preimages.length === 0) return asciiLowered;
  const mayDiffer = preimages.length > MAX_PREIMAGE_TESTS ? [] : [or(preimages.map((char) => sql<SqlBool>`${col} LIKE ${containsPattern(char)} ESCAPE '\\'`))];
  return or([asciiLowered, and([...mayDiffer, sql<SqlBool>`rc_lower(${col}) LIKE ${pattern} ESCAPE '\\'`])]);
}

/** A collection's own SQL for a text condition (through a search index, say); undefined for the general one. */
export type TextSql = (condition: TextCondition) => Expr | undefined;

/** Where one collection's SQL departs from the general. */
export interface WhereSqlOptions {
  textSql?: TextSql;
  /** Write matches in a side table `+id IN (…)` (see sideKey): SQLite's products. */
  unindexedSideKeys?: boolean;
}

/**
 * A document's id before `IN (SELECT … FROM <side table> …)`, written `+id` when `unindexed`,
 * which no index may answer. Knowing from its statistics that `published` is not selective
 * (storage/planner-statistics.ts), SQLite would otherwise start from the side table's
 * matches, read each product by id and sort them all: 2.3 times slower for a common word
 * (`q=a`, 70,009 matches at 100,000 products: 0.75 s against 0.33 s; `basic.product_desc`
 * `exists`: a page 288–440 ms against 110–129, a count 293–309 against 140–156), than walking the list's own index and probing the
 * matches, which is what it does with the `+`. A rare word lost (494 matches: 52 ms against
 * 28 ms); the worst case decides, as it holds the thread every list of
 * the service waits on (storage/list-reader.ts).
 */
export const sideKey = (table: string, unindexed = false): Expr => (unindexed ? sql<SqlBool>`+${sql.ref(`${table}.id`)}` : sql<SqlBool>`${sql.ref(`${table}.id`)}`);

export function whereToSql(table: string, node: WhereNode, options: WhereSqlOptions = {}): Expr {
  if (node.kind === 'and') return and(node.children.map((child) => whereToSql(table, child, options)));
  if (node.kind === 'or') return or(node.children.map((child) => whereToSql(table, child, options)));
  const own = node.kind === 'text' ? options.textSql?.(node) : undefined;
  if (own) return own;
  const side = node.field.sideTable;
  if (!side) return condition(table, node);
  // A side table's row is the document's one (1:1, or the one it refers to), so a condition on it is a condition on the document.
  const local = side.localKey ? sql.ref(`${table}.${side.localKey}`) : sideKey(table, options.unindexedSideKeys);
  return sql<SqlBool>`${local} IN (SELECT ${sql.ref(`${side.table}.${side.key}`)} FROM ${sql.table(side.table)} WHERE ${condition(side.table, node)})`;
}

/** A ReadFilter in SQL: its access filter and its `where`, each where present. */
export function readFilterToSql(table: string, filter: ReadFilter): Expr {
  return and([filter.access, filter.where].filter((node): node is WhereNode => node !== undefined).map((node) => whereToSql(table, node)));
}

/** NULLs sort as the smallest value on both databases (as Payload does). */
export function orderByToSql(table: string, keys: SortKey[]) {
  return sql.join(
    keys.map(({ field, descending }) =>
      descending ? sql`${column(table, field)} DESC NULLS LAST` : sql`${column(table, field)} ASC NULLS FIRST`,
    ),
  );
}

/** `ORDER BY …` for a sort, or nothing when there is none. */
export const orderClause = (table: string, keys: SortKey[]) => (keys.length > 0 ? sql`ORDER BY ${orderByToSql(table, keys)}` : sql``);
