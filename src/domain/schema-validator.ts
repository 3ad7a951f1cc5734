import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { ValidationError, badRequest, type ErrorItem } from '../errors/api-error.js';
import { isDuration } from './duration.js';
import { isPlainObject } from './merge.js';

/**
 * Schemas may carry an `errorMessage` for their `pattern`, since a regular expression
 * explains nothing to a client.
 *
 * One Ajv instance for the documents the operations validate: every error is collected,
 * nothing is coerced, defaulted or removed, so what is stored is exactly what was sent.
 */
const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, coerceTypes: false, useDefaults: false, removeAdditional: false });
addFormats.default(ajv, ['date', 'date-time', 'email', 'uri']);
ajv.addFormat('duration', { type: 'string', validate: isDuration });

/** What a `format` asks for, in words (the contract names the field; the message says what it must be). */
const FORMAT_MESSAGES: Record<string, string> = {
  duration: 'Must be an ISO 8601 duration (P2D, PT4H, P1W).',
  date: 'Must be a date (2026-12-01).',
  'date-time': 'Must be a date-time with offset (2026-12-01T10:00:00Z).',
  email: 'Must be an e-mail address.',
  uri: 'Must be a URI.',
};

export type SchemaCheck = (data: unknown) => ErrorItem[];

export function compileSchema(schema: TSchema): SchemaCheck {
  const validate = ajv.compile(schema);
  return (data) => (validate(data) ? [] : toErrorItems(validate.errors ?? []));
}

/**
 * A request body that passes `check`: a missing body counts as `{}` (so the 400 names each
 * required field), anything but an object is a 400 saying what is `expected`.
 */
export function checkedBody(input: unknown, check: SchemaCheck, expected: string): Record<string, unknown> {
  const body = input ?? {};
  if (!isPlainObject(body)) throw badRequest(`The body must be a JSON object with ${expected}.`);
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

function toItem(error: ErrorObject): ErrorItem {
  const path = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: join(path, String(params.missingProperty)), message: 'This field is required.' };
    case 'additionalProperties':
      return { field: join(path, String(params.additionalProperty)), message: 'This field is not allowed (unknown field).' };
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
    case 'format':
      return { field: path, message: FORMAT_MESSAGES[String(params.format)] ?? 'Has an invalid format.' };
    case 'enum':
      return { field: path, message: `Must be one of: ${(params.allowedValues as unknown[]).join(', ')}.` };
    case 'pattern': {
      const custom = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
      return { field: path, message: typeof custom === 'string' ? custom : 'Has an invalid format.' };
    }
    default:
      return { field: path, message: error.message ?? 'Is invalid.' };
  }
}

/** Ajv errors → one item per offending field, in document order of discovery. */
export function toErrorItems(errors: ErrorObject[]): ErrorItem[] {
  const seen = new Set<string>();
  const items: ErrorItem[] = [];
  for (const error of errors) {
    const item = toItem(error);
    const key = item.field ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}
