import { Readable } from 'node:stream';
import type { Ajv, AnySchema, ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { accountFields } from '../domain/account-fields.js';
import { mediaFields } from '../domain/media.js';
import { calendarFields } from '../domain/calendar/calendar-fields.js';
import { bookingFields } from '../domain/bookings/booking-document.js';
import { webhookFields } from '../domain/webhooks.js';
import { isPlainObject } from '../domain/merge.js';
import { productFields } from '../domain/product-fields.js';
import { availabilityOf } from '../domain/list-query.js';
import { compileLater, createAjv, toErrorItems } from '../domain/schema-validator.js';
import { parseSelect } from '../domain/select.js';
import { parseSort } from '../domain/where/parse-sort.js';
import { parseWhere } from '../domain/where/parse-where.js';
import { hasCondition, type FieldCatalogue } from '../domain/where/types.js';
import { ValidationError, type ErrorItem } from '../errors/api-error.js';
import { Errors } from '../errors/codes.js';

/**
 * Fastify validates every route's query string, path parameters, headers and body from the
 * route's schema: TypeBox schemas compiled by Ajv, every error collected, reported in the
 * contract's shape with the contract's field names (`limit`, `where.<path>`, `sort`, a body's
 * `basic.product_name`).
 *
 * The query language is part of those schemas: `x-where`, `x-sort` and `x-select` check a
 * parameter against a collection's field catalogue (the same parsers build the query the
 * operation runs), and `x-available` checks each interval's bounds (availableFrom/To, reservedFrom/To).
 *
 * A document whose operation runs access rules and the configuration's hooks before it
 * validates (a product, an account, a media document: SPEC section 6, as Payload orders it)
 * has its body schema marked `x-validated-by: operation`: Fastify checks only that it is a
 * JSON object, and the operation validates it with the same schema once access and hooks have
 * run (an anonymous create is a 401 whatever its body; a hook may trim a name into bounds).
 */

/** The collections whose fields `where` and `sort` may name. */
const CATALOGUES: Record<string, FieldCatalogue> = { products: productFields, rents: accountFields, rentMedia: mediaFields, calendars: calendarFields, webhooks: webhookFields, bookings: bookingFields };

/** A body validated by its operation, after access and hooks (see above). */
export const validatedByOperation = <T extends TSchema>(schema: T): T => ({ ...schema, 'x-validated-by': 'operation' });
/** A body its route reads as a stream (an import's file): documented, read and checked by the operation. */
export function streamedBody<T extends TSchema>(schema: T): T {
  const marked = <S extends object>(part: S): S => ({ ...part, 'x-validated-by': 'stream' });
  // Fastify compiles each media type's schema of a `content` map on its own: each is marked.
  const content = (schema as { content?: Record<string, { schema?: object }> }).content;
  if (!content) return marked(schema);
  return marked({ ...schema, content: Object.fromEntries(Object.entries(content).map(([type, entry]) => [type, { ...entry, schema: marked(entry.schema ?? {}) }])) });
}

/** `where` in the query language of a collection; `required`: present but empty is refused (bulk changes), naming the verb. */
export const whereOf = (collection: string, required?: 'update' | 'delete') => ({ 'x-where': { of: collection, ...(required ? { required } : {}) } });
export const sortOf = (collection: string, fallback = '-createdAt') => ({ 'x-sort': { of: collection, fallback } });

type KeywordCheck = (value: unknown, options: { of?: string; required?: string; fallback?: string }, parent: Record<string, unknown>) => ErrorItem[];

const collecting = (parse: () => unknown): ErrorItem[] => {
  try {
    parse();
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.items;
    throw error;
  }
};

const catalogue = (name: string | undefined): FieldCatalogue => {
  const fields = name === undefined ? undefined : CATALOGUES[name];
  if (!fields) throw new Error(`no field catalogue \`${String(name)}\``);
  return fields;
};

const KEYWORDS: Record<string, KeywordCheck> = {
  'x-where': (value, { of, required }) =>
    collecting(() => {
      const where = parseWhere(value, catalogue(of));
      // A bulk change by a where that names no condition (`{}`, `{"and":[]}`) would change every document.
      if (required && (where === undefined || !hasCondition(where))) throw Errors.WHERE_MISSING(required);
    }),
  'x-sort': (value, { of, fallback }) => collecting(() => parseSort(value, catalogue(of), fallback ?? '-createdAt')),
  'x-select': (value) => collecting(() => parseSelect(value)),
  'x-available': (_value, _options, query) => {
    const errors: ErrorItem[] = [];
    availabilityOf(query.availableFrom, query.availableTo, errors);
    availabilityOf(query.reservedFrom, query.reservedTo, errors, { from: 'reservedFrom', to: 'reservedTo' });
    return errors;
  },
};

function addQueryKeywords(ajv: Ajv): void {
  for (const [keyword, check] of Object.entries(KEYWORDS)) {
    const validate = function (this: unknown, options: unknown, value: unknown, _schema: unknown, context?: { parentData?: unknown; rootData?: unknown; instancePath?: string }): boolean {
      const parent = (keyword === 'x-available' ? value : context?.rootData) as Record<string, unknown>;
      const items = check(value, (isPlainObject(options) ? options : {}) as Parameters<KeywordCheck>[1], parent ?? {});
      (validate as ValidateFunction).errors = items.map((item) => ({ keyword, instancePath: context?.instancePath ?? '', schemaPath: '', params: { item }, message: item.message }));
      return items.length === 0;
    };
    ajv.addKeyword({ keyword, errors: true, validate });
  }
}

/** Query strings, paths and headers are text: their values are coerced to the schema's types. */
const textAjv = createAjv({ coerceTypes: true });
addQueryKeywords(textAjv);
const bodyAjv = createAjv({ coerceTypes: false });

type Result = { value?: unknown; error?: Error } | true;

/** The properties of an object schema that are not text: an empty value (`limit=`) means the parameter is absent, as it always has. */
function nonTextProperties(schema: AnySchema): Set<string> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return new Set(Object.entries(properties).filter(([, property]) => property.type !== undefined && property.type !== 'string').map(([name]) => name));
}

/**
 * A query string's validator. Requests that send the same text share one frozen parsed object
 * (http/parse-query.ts), so the outcome is kept beside it: its coerced copy, frozen too, or its
 * error. Validated, a query costs a lookup.
 */
function queryValidator(schema: AnySchema): (data: unknown) => Result {
  // A query its operation reads and checks as sent (import and export: every problem in one 400).
  if ((schema as Record<string, unknown>)['x-validated-by'] === 'operation') return () => true;
  const validator = compileLater(() => textAjv.compile(schema));
  const emptyIsAbsent = nonTextProperties(schema);
  const outcomes = new WeakMap<object, { value?: unknown; error?: Error }>();
  return (data) => {
    const raw = (data ?? {}) as Record<string, unknown>;
    let outcome = outcomes.get(raw);
    if (!outcome) {
      const validate = validator();
      const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const [key, value] of Object.entries(raw)) if (!(value === '' && emptyIsAbsent.has(key))) copy[key] = value;
      outcome = validate(copy) ? { value: Object.freeze(copy) } : { error: new ValidationError(toErrorItems(validate.errors ?? [])) };
      if (Object.isFrozen(raw)) outcomes.set(raw, outcome);
    }
    return outcome;
  };
}


function bodyValidator(schema: AnySchema): (data: unknown) => Result {
  if ((schema as Record<string, unknown>)['x-validated-by'] === 'stream') return () => true;
  if ((schema as Record<string, unknown>)['x-validated-by'] === 'operation') {
    return (data) => (data === null || data === undefined || isPlainObject(data) ? true : { error: Errors.BODY_NOT_OBJECT() });
  }
  const validator = compileLater(() => bodyAjv.compile(schema));
  return (data) => {
    // A body a content-type parser hands on as a stream is read, and checked, by its operation.
    if (data instanceof Readable) return true;
    // No body at all is `{}`: the 400 then names each required field.
    const body = data ?? {};
    if (!isPlainObject(body)) return { error: Errors.BODY_NOT_OBJECT() };
    const validate = validator();
    return validate(body) ? { value: body } : { error: new ValidationError(toErrorItems(validate.errors ?? [])) };
  };
}

function partValidator(schema: AnySchema): (data: unknown) => Result {
  const validator = compileLater(() => textAjv.compile(schema));
  return (data) => {
    const validate = validator();
    return validate(data ?? {}) ? true : { error: new ValidationError(toErrorItems(validate.errors ?? [])) };
  };
}

export function registerRequestValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart === 'querystring') return queryValidator(schema as AnySchema);
    if (httpPart === 'body') return bodyValidator(schema as AnySchema);
    return partValidator(schema as AnySchema);
  });
}

/** The schemas `$ref`s name (`Product`, `ErrorBody`…), for the validators that check responses. */
export type SharedSchemas = FastifySchema[];
