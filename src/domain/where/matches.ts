import { foldText, lowerText } from '../fold.js';
import type { Condition, Scalar, WhereNode } from './types.js';

/** Column values of one document, keyed by column name (as FieldDef.column names them). */
export type ColumnValues = Record<string, string | number | null | undefined>;

const normalise = (value: Scalar): string | number => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

function compare(actual: string | number, expected: string | number): number {
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected;
  const [a, b] = [String(actual), String(expected)];
  return a < b ? -1 : a > b ? 1 : 0;
}

function test(condition: Condition, values: ColumnValues): boolean {
  const actual = values[condition.field.column] ?? null;
  switch (condition.kind) {
    case 'exists':
      return (actual !== null) === condition.exists;
    case 'list': {
      const found = actual !== null && condition.values.some((value) => compare(actual, normalise(value)) === 0);
      return condition.op === 'in' ? found : !found;
    }
    case 'text':
      if (actual === null) return false;
      if (condition.op === 'contains') return lowerText(String(actual)).includes(condition.words[0]);
      return condition.words.every((word) => foldText(String(actual)).includes(word));
    case 'compare': {
      if (condition.value === null) return condition.op === 'equals' ? actual === null : actual !== null;
      if (actual === null) return condition.op === 'not_equals';
      const order = compare(actual, normalise(condition.value));
      switch (condition.op) {
        case 'equals': return order === 0;
        case 'not_equals': return order !== 0;
        case 'greater_than': return order > 0;
        case 'greater_than_equal': return order >= 0;
        case 'less_than': return order < 0;
        case 'less_than_equal': return order <= 0;
      }
    }
  }
}

/** Evaluates a where tree against one document, with the same meaning as its SQL form. */
export function matches(node: WhereNode, values: ColumnValues): boolean {
  if (node.kind === 'and') return node.children.every((child) => matches(child, values));
  if (node.kind === 'or') return node.children.some((child) => matches(child, values));
  return test(node, values);
}
