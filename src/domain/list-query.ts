import { ValidationError, collectingErrors, type ErrorItem } from '../errors/api-error.js';
import { essentialWords, searchWords } from './fold.js';
import { parseBoundary, type Interval } from './reservations.js';
import { parseSort } from './where/parse-sort.js';
import { parseWhere } from './where/parse-where.js';
import type { FieldCatalogue, SortKey, WhereNode } from './where/types.js';

export type Depth = 0 | 1;

export interface ListQuery {
  where?: WhereNode;
  sort: SortKey[];
  /** Documents per page; with `pagination` false, 0 means every match (up to MAX_UNPAGINATED). */
  limit: number;
  page: number;
  /** Payload's `pagination=false`: one page of every match (see unpaginated). */
  pagination: boolean;
  searchWords: string[];
  available?: Interval;
  /** `reservedFrom`/`reservedTo`: only products with a reservation overlapping this interval. */
  reserved?: Interval;
  depth: Depth;
}

const WHOLE = /^\d{1,9}$/;

/**
 * The most documents `pagination=false` answers with when no `limit` bounds it. Payload
 * sends every match; on a catalogue of 100,000 products that is ~400 MB rendered in one
 * turn of the event loop, so more matches than this are a 400 that says to page instead.
 */
export const MAX_UNPAGINATED = 1000;

/** `pagination`: `true` (default) or `false`, as Payload clients send it. */
function paginationOf(value: unknown, errors: ErrorItem[]): boolean {
  if (value === undefined || value === '' || value === 'true') return true;
  if (value === 'false') return false;
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

function parseAvailability(from: unknown, to: unknown, errors: ErrorItem[], names = { from: 'availableFrom', to: 'availableTo' }): Interval | undefined {
  if ((from === undefined || from === '') && (to === undefined || to === '')) return undefined;
  const start = from === undefined || from === '' ? Number.MIN_SAFE_INTEGER : typeof from === 'string' ? parseBoundary(from, 'start') : undefined;
  const end = to === undefined || to === '' ? Number.MAX_SAFE_INTEGER : typeof to === 'string' ? parseBoundary(to, 'end') : undefined;
  const message = 'Must be an ISO 8601 date or a date-time with offset.';
  if (start === undefined) errors.push({ field: names.from, message });
  if (end === undefined) errors.push({ field: names.to, message });
  if (start === undefined || end === undefined) return undefined;
  if (end <= start) {
    errors.push({ field: names.to, message: `Must not be before ${names.from}.` });
    return undefined;
  }
  return { start, end };
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
  const available = parseAvailability(raw.availableFrom, raw.availableTo, errors);
  const reserved = parseAvailability(raw.reservedFrom, raw.reservedTo, errors, { from: 'reservedFrom', to: 'reservedTo' });
  if (raw.q !== undefined && typeof raw.q !== 'string') errors.push({ field: 'q', message: 'Must be a string.' });
  const where = collectingErrors(() => parseWhere(raw.where, fields), errors);
  const sort = collectingErrors(() => parseSort(raw.sort, fields, options.defaultSort), errors) ?? [];
  if (errors.length > 0) throw new ValidationError(errors);
  return { where, sort, limit, page, pagination, depth, available, ...(reserved ? { reserved } : {}), searchWords: typeof raw.q === 'string' ? essentialWords(searchWords(raw.q)).slice(0, 20) : [] };
}

/** The most documents one bulk PATCH or DELETE changes: each is a write of its own, all in one response. */
export const MAX_BULK = 1000;

/** Which documents a bulk PATCH or DELETE (`?where=…`) changes, and how it answers (`depth`: products only). */
export interface BulkQuery {
  where: WhereNode;
  sort: SortKey[];
  /** At most this many of the matches, in `sort` order; undefined: all of them, up to MAX_BULK. */
  limit?: number;
  depth: Depth;
}

/** Payload's bulk parameters: `where` (an empty one is refused: no slip changes everything), `limit`, `sort`, `depth`. */
export function parseBulkQuery(raw: Record<string, unknown>, fields: FieldCatalogue, verb: 'update' | 'delete'): BulkQuery {
  const errors: ErrorItem[] = [];
  const limit = wholeNumber(raw.limit, 'limit', 1, MAX_BULK, errors);
  const depth = depthOf(raw.depth, errors);
  const where = collectingErrors(() => parseWhere(raw.where, fields), errors);
  if (where === undefined && !errors.some((error) => error.field?.startsWith('where'))) {
    errors.push({ field: 'where', message: `Missing 'where' query of documents to ${verb}.` });
  }
  const sort = collectingErrors(() => parseSort(raw.sort, fields, '-createdAt'), errors) ?? [];
  if (errors.length > 0 || where === undefined) throw new ValidationError(errors);
  return { where, sort, limit, depth };
}
