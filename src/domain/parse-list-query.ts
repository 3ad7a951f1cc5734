import { ValidationError, collectingErrors, type ErrorItem } from '../errors/api-error.js';
import { essentialWords, searchWords } from './fold.js';
import { availabilityOf, type Depth, type ListQuery } from './list-query.js';
import { parseSort } from './where/parse-sort.js';
import { parseWhere } from './where/parse-where.js';
import type { FieldCatalogue } from './where/types.js';

/*
 * List parameters checked by hand, for callers whose query no route schema has checked (the
 * command line) and for routes whose query schemas do not yet carry the where/sort keywords
 * (request-validation.ts). Values may be text or already coerced by a route's schema.
 */

const WHOLE = /^\d{1,9}$/;

/** `pagination`: `true` (default) or `false`, as Payload clients send it. */
function paginationOf(value: unknown, errors: ErrorItem[]): boolean {
  if (value === undefined || value === '' || value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  errors.push({ field: 'pagination', message: 'Must be true or false.' });
  return true;
}

function wholeNumber(value: unknown, field: string, min: number, max: number, errors: ErrorItem[]): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !WHOLE.test(text) || Number(text) < min || Number(text) > max) {
    errors.push({ field, message: `Must be a whole number from ${min} to ${max}.` });
    return undefined;
  }
  return Number(text);
}

/** `?depth`: 0 or 1 (default 1); larger whole numbers act as 1. */
function depthOf(value: unknown, errors: ErrorItem[]): Depth {
  return wholeNumber(value, 'depth', 0, 1_000_000, errors) === 0 ? 0 : 1;
}

export function parseDepth(value: unknown): Depth {
  const errors: ErrorItem[] = [];
  const depth = depthOf(value, errors);
  if (errors.length > 0) throw new ValidationError(errors);
  return depth;
}

/** The list parameters of GET /api/products (and /count); every bad one is named in one 400. */
export function parseListQuery(
  raw: Record<string, unknown>,
  fields: FieldCatalogue,
  options: { maxLimit: number; defaultSort: string },
): ListQuery {
  const errors: ErrorItem[] = [];
  const pagination = paginationOf(raw.pagination, errors);
  const limit = wholeNumber(raw.limit, 'limit', 1, options.maxLimit, errors) ?? (pagination ? Math.min(10, options.maxLimit) : 0);
  const page = wholeNumber(raw.page, 'page', 1, 1_000_000_000, errors) ?? 1;
  const depth = depthOf(raw.depth, errors);
  const available = availabilityOf(raw.availableFrom, raw.availableTo, errors);
  const reserved = availabilityOf(raw.reservedFrom, raw.reservedTo, errors, { from: 'reservedFrom', to: 'reservedTo' });
  if (raw.q !== undefined && typeof raw.q !== 'string') errors.push({ field: 'q', message: 'Must be a string.' });
  const where = collectingErrors(() => parseWhere(raw.where, fields), errors);
  const sort = collectingErrors(() => parseSort(raw.sort, fields, options.defaultSort), errors) ?? [];
  if (errors.length > 0) throw new ValidationError(errors);
  return { where, sort, limit, page, pagination, depth, available, ...(reserved ? { reserved } : {}), searchWords: typeof raw.q === 'string' ? essentialWords(searchWords(raw.q)).slice(0, 20) : [] };
}

