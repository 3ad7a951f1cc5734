import type { ErrorItem } from '../errors/api-error.js';
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

/**
 * A list's query parameters once the route's schema has validated them (http/request-validation.ts):
 * numbers and booleans coerced, `where` and `sort` known to parse against the collection's fields.
 */
export interface ListParams {
  limit?: number;
  page?: number;
  pagination?: boolean;
  depth?: number;
  sort?: unknown;
  where?: unknown;
  q?: string;
  availableFrom?: string;
  availableTo?: string;
  reservedFrom?: string;
  reservedTo?: string;
}

/**
 * The most documents `pagination=false` answers with when no `limit` bounds it. Payload
 * sends every match; on a catalogue of 100,000 products that is ~400 MB rendered in one
 * turn of the event loop, so more matches than this are a 400 that says to page instead.
 */
export const MAX_UNPAGINATED = 1000;

/** The largest page number a list takes. */
export const MAX_PAGE = 1_000_000_000;

/** `?depth`: 0 or 1 (default 1); larger whole numbers act as 1. */
export const depthOf = (value: unknown): Depth => (value === 0 ? 0 : 1);

/**
 * `availableFrom`/`availableTo` as an interval; a bad boundary, or an end before the start,
 * is an error item naming the parameter (the schema's `x-available` reports them).
 */
export function availabilityOf(from: unknown, to: unknown, errors: ErrorItem[] = [], names = { from: 'availableFrom', to: 'availableTo' }): Interval | undefined {
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

const reservedOf = (params: ListParams) => availabilityOf(params.reservedFrom, params.reservedTo, [], { from: 'reservedFrom', to: 'reservedTo' });

/** The list a GET of a collection (or its /count) asks for, from its validated parameters. */
export function listQueryOf(params: ListParams, fields: FieldCatalogue, options: { maxLimit: number; defaultSort: string }): ListQuery {
  const pagination = params.pagination !== false;
  return {
    where: parseWhere(params.where, fields),
    sort: parseSort(params.sort, fields, options.defaultSort),
    limit: params.limit ?? (pagination ? Math.min(10, options.maxLimit) : 0),
    page: params.page ?? 1,
    pagination,
    depth: depthOf(params.depth),
    available: availabilityOf(params.availableFrom, params.availableTo),
    ...(reservedOf(params) ? { reserved: reservedOf(params) } : {}),
    searchWords: typeof params.q === 'string' ? essentialWords(searchWords(params.q)).slice(0, 20) : [],
  };
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

/** Payload's bulk parameters, validated: `where` (never empty), `limit`, `sort`, `depth`. */
export function bulkQueryOf(params: ListParams, fields: FieldCatalogue): BulkQuery {
  const where = parseWhere(params.where, fields);
  if (where === undefined) throw new Error('bulkQueryOf: the schema lets no bulk change through without a where');
  return { where, sort: parseSort(params.sort, fields, '-createdAt'), limit: params.limit, depth: depthOf(params.depth) };
}
