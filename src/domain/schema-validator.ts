import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { FIELD_CODES, ValidationError, type ErrorItem } from '../errors/api-error.js';
import { isDuration } from './duration.js';
import { isPlainObject } from './merge.js';
import { Errors } from '../errors/codes.js';

/** A field no schema has: what every body names for each unknown field (SPEC 1). */
export const unknownField = (field: string): ErrorItem => ({ field, message: 'This field is not allowed (unknown field).', code: FIELD_CODES.unknown });

/**
 * An Ajv for validating what clients send: every error is collected (`allErrors`), nothing
 * is defaulted or removed. Bodies are not coerced either, so what is stored is exactly what
 * was sent; query strings and paths are text, so their validator coerces (`coerceTypes`).
 * A schema may carry an `errorMessage` for what it refuses, since a regular expression or a
 * bound explains less to a client than a sentence.
 */
export function createAjv(options: { coerceTypes: boolean }): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, coerceTypes: options.coerceTypes, useDefaults: false, removeAdditional: false });
  addFormats.default(ajv, ['date', 'date-time', 'email', 'uri']);
  ajv.addFormat('duration', { type: 'string', validate: isDuration });
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
  return ajv;
}

/** The documents the operations validate. */
const ajv = createAjv({ coerceTypes: false });

/** What a `format` asks for, in words (the contract names the field; the message says what it must be). */
const FORMAT_MESSAGES: Record<string, string> = {
  duration: 'Must be an ISO 8601 duration (P2D, PT4H, P1W).',
  date: 'Must be a date (2026-12-01).',
  'date-time': 'Must be a date-time with offset (2026-12-01T10:00:00Z).',
  email: 'Must be an e-mail address.',
  uri: 'Must be a URI.',
};

/**
 * Compiling every schema at start-up cost ~0.4 s of Ajv, and its garbage, before the service
 * could answer. Each is compiled when first used, or by compileDeferred once the service
 * listens, whichever comes first; a schema is the code's, so compiling it later fails no
 * differently.
 */
const deferred = new Set<() => unknown>();

/** `compile` run once, when the function returned is first called or by compileDeferred. */
export function compileLater<T>(compile: () => T): () => T {
  let compiled: { value: T } | undefined;
  const get = (): T => {
    if (!compiled) {
      compiled = { value: compile() };
      deferred.delete(get);
    }
    return compiled.value;
  };
  deferred.add(get);
  return get;
}

/** Compiles what is still deferred, one schema per turn of the event loop, so that requests are answered between them. */
export async function compileDeferred(): Promise<void> {
  for (const get of [...deferred]) {
    await new Promise((resolve) => setImmediate(resolve));
    get();
  }
}

export type SchemaCheck = (data: unknown) => ErrorItem[];

export function compileSchema(schema: TSchema): SchemaCheck {
  const validator = compileLater(() => ajv.compile(schema));
  return (data) => {
    const validate = validator();
    return validate(data) ? [] : toErrorItems(validate.errors ?? []);
  };
}

/**
 * A request body that passes `check`: a missing body counts as `{}` (so the 400 names each
 * required field), anything but an object is a 400.
 */
export function checkedBody(input: unknown, check: SchemaCheck): Record<string, unknown> {
  const body = input ?? {};
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  const errors = check(body);
  if (errors.length > 0) throw new ValidationError(errors);
  return body;
}

export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const join = (base: string, key: string): string => (base === '' ? key : `${base}.${key}`);

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function describeType(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' or ');
}

/** A keyword of our own reports the contract's item itself, in `params.item`. */
const ownItem = (params: Record<string, unknown>): ErrorItem | undefined => {
  const item = params.item as ErrorItem | undefined;
  return item && typeof item.message === 'string' ? item : undefined;
};

/** The literals an `anyOf` of `const`s (TypeBox's Union of Literals) allows; undefined for any other anyOf. */
function literalsOf(branches: unknown): unknown[] | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const values = branches.map((branch: unknown) => (branch !== null && typeof branch === 'object' && 'const' in branch ? (branch as { const: unknown }).const : undefined));
  return values.every((value) => value !== undefined) ? values : undefined;
}

/** An item naming no field when the whole body (the root) is at fault. */
function toItem(error: ErrorObject): ErrorItem {
  const { field, ...item } = itemOf(error);
  return field === undefined || field === '' ? item : { field, ...item };
}

function itemOf(error: ErrorObject): ErrorItem {
  const path = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const own = ownItem(params);
  if (own) return own;
  const custom = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (typeof custom === 'string' && error.keyword !== 'required' && error.keyword !== 'additionalProperties') return { field: path, message: custom };
  switch (error.keyword) {
    case 'required':
      return { field: join(path, String(params.missingProperty)), message: 'This field is required.', code: FIELD_CODES.required };
    case 'additionalProperties':
      return unknownField(join(path, String(params.additionalProperty)));
    case 'type':
      return { field: path, message: `Must be ${describeType(params.type)}.` };
    case 'minLength':
      return { field: path, message: params.limit === 1 ? 'Must not be empty.' : `Must be at least ${String(params.limit)} characters long.` };
    case 'maxLength':
      return { field: path, message: `Must be at most ${String(params.limit)} characters long.` };
    case 'minimum':
      return { field: path, message: `Must be ${String(params.limit)} or more.` };
    case 'maximum':
      return { field: path, message: `Must be ${String(params.limit)} or less.` };
    case 'maxItems':
      return { field: path, message: `Must have at most ${String(params.limit)} items.` };
    case 'minItems':
      return { field: path, message: `Must have at least ${String(params.limit)} ${params.limit === 1 ? 'item' : 'items'}.` };
    case 'uniqueItems':
      return { field: path, message: 'Must not name the same item twice.' };
    case 'minProperties':
      return { field: path, message: path === '' ? 'The body names no field to change.' : `Must have at least ${String(params.limit)} ${params.limit === 1 ? 'field' : 'fields'}.` };
    case 'maxProperties':
      return { field: path, message: `Must have at most ${String(params.limit)} fields.` };
    case 'const':
      return { field: path, message: `Must be ${String(params.allowedValue)}.` };
    case 'anyOf':
    case 'oneOf': {
      const literals = literalsOf(error.schema);
      return { field: path, message: literals ? `Must be one of: ${literals.join(', ')}.` : 'Is none of the forms allowed here.' };
    }
    case 'format':
      return { field: path, message: FORMAT_MESSAGES[String(params.format)] ?? 'Has an invalid format.' };
    case 'enum':
      return { field: path, message: `Must be one of: ${(params.allowedValues as unknown[]).join(', ')}.` };
    case 'pattern':
      return { field: path, message: 'Has an invalid format.' };
    default:
      return { field: path, message: error.message ?? 'Is invalid.' };
  }
}

/** An error inside one branch of an `anyOf`/`oneOf` that failed as a whole: the whole failure says it. */
const inFailedBranch = (error: ErrorObject, alternatives: ErrorObject[]): boolean =>
  /\/(anyOf|oneOf)\/\d+\//.test(error.schemaPath) &&
  alternatives.some((failed) => error.instancePath.startsWith(failed.instancePath) && error.schemaPath.startsWith(failed.schemaPath.slice(0, -failed.keyword.length)));

/** Ajv errors → one item per offending field, in document order of discovery. */
export function toErrorItems(errors: ErrorObject[]): ErrorItem[] {
  const seen = new Set<string>();
  const items: ErrorItem[] = [];
  const alternatives = errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf');
  for (const error of errors) {
    if (alternatives.length > 0 && inFailedBranch(error, alternatives)) continue;
    const item = toItem(error);
    const key = item.field ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}
