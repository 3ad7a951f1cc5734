import type { Condition, FieldDef, SortKey, WhereNode } from '../../domain/where/types.js';
import { NumberList, type IdList } from './id-lists.js';

type RangeOp = 'greater_than' | 'greater_than_equal' | 'less_than' | 'less_than_equal';

/** A bound on a number: `field op value`. */
export interface Bound {
  op: RangeOp;
  value: number;
}

/** A `where` split into what the bounds leave (`rest`) and the bounds on the first sort field. */
export interface RangeSplit {
  rest: WhereNode | undefined;
  field: FieldDef;
  bounds: Bound[];
}

const RANGE_OPS: ReadonlySet<string> = new Set<RangeOp>(['greater_than', 'greater_than_equal', 'less_than', 'less_than_equal']);

function boundOn(field: FieldDef, node: WhereNode): Bound | undefined {
  if (node.kind !== 'compare' || node.field.path !== field.path || !RANGE_OPS.has(node.op)) return undefined;
  const { value } = node as Condition & { kind: 'compare' };
  return typeof value === 'number' && Number.isFinite(value) ? { op: node.op as RangeOp, value } : undefined;
}

/**
 * A list filtered by bounds on the number it is sorted by (price under 500, sorted by price)
 * is one contiguous run of the list without those bounds: every bound is then a binary
 * search instead of a query. Undefined when the query is not of that form.
 */
export function splitRange(where: WhereNode | undefined, sort: SortKey[]): RangeSplit | undefined {
  const field = sort[0]?.field;
  if (!where || !field || field.type !== 'number' || field.sideTable) return undefined;
  const parts = where.kind === 'and' ? where.children : [where];
  const bounds: Bound[] = [];
  const others: WhereNode[] = [];
  for (const part of parts) {
    const bound = boundOn(field, part);
    if (bound) bounds.push(bound);
    else others.push(part);
  }
  if (bounds.length === 0) return undefined;
  const rest = others.length === 0 ? undefined : others.length === 1 ? others[0] : { kind: 'and' as const, children: others };
  return { rest, field, bounds };
}

const holds = ({ op, value }: Bound, candidate: number): boolean => {
  switch (op) {
    case 'greater_than':
      return candidate > value;
    case 'greater_than_equal':
      return candidate >= value;
    case 'less_than':
      return candidate < value;
    case 'less_than_equal':
      return candidate <= value;
  }
};

/** The first index in [low, high) at which a predicate that turns true once (and stays so) holds. */
function firstWhere(low: number, high: number, predicate: (index: number) => boolean): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (predicate(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Ids in list order with the sort field's value of each (never null: those are left out). */
export class RankedList implements IdList {
  constructor(
    private readonly ids: IdList,
    private readonly values: Float64Array,
    private readonly descending: boolean,
  ) {}

  get length(): number {
    return this.ids.length;
  }

  /** The memory it holds: its ids' (as numbers, 4 bytes an entry, or strings) and values'. */
  get bytes(): number {
    return (this.ids instanceof NumberList ? this.ids.bytes : this.ids.length * 56) + this.values.byteLength + 64;
  }

  slice(start: number, end: number): string[] {
    return this.ids.slice(start, end);
  }

  /** The run of entries every bound holds for. */
  within(bounds: Bound[]): IdList {
    let low = 0;
    let high = this.ids.length;
    for (const bound of bounds) {
      const lower = bound.op === 'greater_than' || bound.op === 'greater_than_equal';
      // Ascending, a lower bound holds from some point on and an upper one up to some point.
      if (lower !== this.descending) low = Math.max(low, firstWhere(low, high, (index) => holds(bound, this.values[index] as number)));
      else high = Math.min(high, firstWhere(low, high, (index) => !holds(bound, this.values[index] as number)));
    }
    return new ListRun(this.ids, low, Math.max(low, high));
  }
}

class ListRun implements IdList {
  constructor(
    private readonly ids: IdList,
    private readonly start: number,
    private readonly end: number,
  ) {}

  get length(): number {
    return this.end - this.start;
  }

  slice(start: number, end: number): string[] {
    return this.ids.slice(this.start + start, this.start + Math.min(end, this.length));
  }
}
