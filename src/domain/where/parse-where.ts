import { ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { isPlainObject } from '../merge.js';
import { essentialWords, lowerText, searchWords } from '../fold.js';
import { coerceBoolean, coerceScalar } from './coerce.js';
import { OPERATORS, type Condition, type FieldCatalogue, type FieldDef, type Operator, type Scalar, type WhereNode } from './types.js';

/** How deeply `and` / `or` may nest. */
export const MAX_DEPTH = 16;
const MAX_CONDITIONS = 200;
const MAX_LIST = 500;

const isOperator = (key: string): key is Operator => (OPERATORS as readonly string[]).includes(key);

/** qs turns long arrays into objects with numeric keys; both mean a list. */
function asList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isPlainObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  }
  return undefined;
}

function listValues(value: unknown): unknown[] | undefined {
  if (typeof value === 'string') return value === '' ? [] : value.split(',');
  // One number or boolean stands for a list of it, as Payload wraps it.
  if (typeof value === 'number' || typeof value === 'boolean') return [value];
  return asList(value);
}

class WhereParser {
  readonly errors: ErrorItem[] = [];
  private conditions = 0;

  constructor(
    private readonly fields: FieldCatalogue,
    /** An access rule's filter: an empty `or` grants nothing (a list of teams that is empty), where a query's is dropped. */
    private readonly emptyOrMatchesNothing = false,
  ) {}

  private fail(path: string, message: string): undefined {
    this.errors.push({ field: `where.${path}`, message });
    return undefined;
  }

  node(input: unknown, depth: number, where: string): WhereNode | undefined {
    if (!isPlainObject(input)) {
      this.errors.push({ field: where === '' ? 'where' : `where.${where}`, message: 'Must be an object of conditions.' });
      return undefined;
    }
    if (depth > MAX_DEPTH) {
      this.errors.push({ field: 'where', message: `Nested deeper than ${MAX_DEPTH} levels.` });
      return undefined;
    }
    const children: WhereNode[] = [];
    for (const [name, value] of Object.entries(input)) {
      // `AND`/`OR` as well: Payload matches them in any case.
      const lower = name.toLowerCase();
      const key = lower === 'and' || lower === 'or' ? lower : name;
      if (key === 'and' || key === 'or') {
        const list = asList(value);
        if (!list) {
          this.errors.push({ field: `where.${key}`, message: 'Must be a list of conditions.' });
          continue;
        }
        const parts = list.map((item, index) => this.node(item, depth + 1, `${key}.${index}`)).filter((n): n is WhereNode => n !== undefined);
        // An empty list is no condition, as Payload drops it: `or: []` matches everything, not nothing.
        if (parts.length > 0 || (key === 'or' && this.emptyOrMatchesNothing && list.length === 0)) children.push({ kind: key, children: parts });
      } else {
        children.push(...this.field(key, value));
      }
    }
    return children.length === 1 && children[0] ? children[0] : { kind: 'and', children };
  }

  private field(path: string, operators: unknown): Condition[] {
    const field = this.fields.get(path);
    if (!field) {
      this.fail(path, `Unknown field \`${path}\`.`);
      return [];
    }
    if (!isPlainObject(operators) || Object.keys(operators).length === 0) {
      this.fail(path, 'Must be an object of operators, for example `[equals]=value`.');
      return [];
    }
    const conditions: Condition[] = [];
    for (const [op, value] of Object.entries(operators)) {
      if (++this.conditions > MAX_CONDITIONS) {
        this.errors.push({ field: 'where', message: `More than ${MAX_CONDITIONS} conditions.` });
        return conditions;
      }
      if (!isOperator(op)) {
        this.fail(path, `Unknown operator \`${op}\`; use one of ${OPERATORS.join(', ')}.`);
        continue;
      }
      const condition = this.condition(field, op, value);
      if (condition) conditions.push(condition);
    }
    return conditions;
  }

  private condition(field: FieldDef, op: Operator, value: unknown): Condition | undefined {
    const bad = (expected: string) => this.fail(field.path, `\`${op}\` needs ${expected}.`);
    switch (op) {
      case 'exists': {
        const exists = coerceBoolean(value);
        return exists === undefined ? bad('true or false') : { kind: 'exists', field, exists };
      }
      case 'in':
      case 'not_in': {
        const raw = listValues(value);
        if (!raw || raw.length > MAX_LIST) return bad(`a comma-separated list or an array of at most ${MAX_LIST} values`);
        const values: Scalar[] = [];
        for (const item of raw) {
          const coerced = coerceScalar(field.type, item);
          if (coerced === undefined) return bad(`values of type ${field.type}`);
          values.push(coerced);
        }
        return { kind: 'list', field, op, values };
      }
      case 'like':
      case 'contains': {
        if (field.type !== 'string') return this.fail(field.path, `\`${op}\` applies only to text fields.`);
        if (typeof value !== 'string') return bad('a string');
        if (op === 'contains') return { kind: 'text', field, op, words: [lowerText(value)] };
        return { kind: 'text', field, op, words: essentialWords(searchWords(value)) };
      }
      default: {
        if (value === null && (op === 'equals' || op === 'not_equals')) return { kind: 'compare', field, op, value: null };
        const coerced = coerceScalar(field.type, value);
        if (coerced === undefined) return bad(`a value of type ${field.type}`);
        if (field.type === 'boolean' && op !== 'equals' && op !== 'not_equals') {
          return this.fail(field.path, `\`${op}\` does not apply to a boolean field.`);
        }
        return { kind: 'compare', field, op, value: coerced };
      }
    }
  }
}

/** Parses a `where` value (qs object or JSON string) into a tree; every problem → one 400. */
export function parseWhere(input: unknown, fields: FieldCatalogue): WhereNode | undefined {
  if (input === undefined || input === '') return undefined;
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new ValidationError([{ field: 'where', message: 'Must be an object of conditions or a JSON-encoded one.' }]);
    }
  }
  const parser = new WhereParser(fields);
  const node = parser.node(value, 0, '');
  if (parser.errors.length > 0 || !node) {
    throw new ValidationError(parser.errors.length > 0 ? parser.errors : [{ field: 'where', message: 'Is invalid.' }]);
  }
  return node;
}

/** Access rules return `where` objects too; a rule's mistake is the project's, not the client's. */
export function parseAccessWhere(input: unknown, fields: FieldCatalogue): WhereNode {
  const parser = new WhereParser(fields, true);
  const node = parser.node(input, 0, '');
  if (parser.errors.length > 0 || !node) {
    throw new Error(`Invalid where filter returned by an access rule: ${JSON.stringify(parser.errors)}`);
  }
  return node;
}
