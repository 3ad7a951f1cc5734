import type { IncomingHttpHeaders } from 'node:http';
import parseRange from 'range-parser';

/**
 * HTTP's conditional and range requests (RFC 9110 13 and 14) for a file served from an object
 * store, decided by the service from the object's validators rather than left to the store:
 * S3 servers differ (s3rver reads `bytes=-5` as the first six bytes and compares If-None-Match
 * byte for byte), and the local folder's server decides them itself too.
 */
export interface Validators {
  /** The object's entity tag, quoted (S3's ETags are strong). */
  etag: string;
  lastModified: Date;
  size: number;
}

const TAG = /(?:W\/)?"[^"]*"/g;
const listedTags = (header: string): string[] => header.match(TAG) ?? [];
const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
/** Weak comparison: the same opaque tag, weak or not (If-None-Match). */
const weakMatch = (a: string, b: string) => opaque(a) === opaque(b);
/** Strong comparison: the same tag, neither weak (If-Match, If-Range). */
const strongMatch = (a: string, b: string) => !a.startsWith('W/') && !b.startsWith('W/') && a === b;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function httpDate(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const time = Date.parse(header);
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

/** If-Match or If-Unmodified-Since says the object is not the one the client means: 412. */
export function preconditionFailed(headers: IncomingHttpHeaders, object: Validators): boolean {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) return !(ifMatch.trim() === '*' || listedTags(ifMatch).some((tag) => strongMatch(tag, object.etag)));
  const unmodifiedSince = httpDate(headers['if-unmodified-since']);
  return unmodifiedSince !== undefined && seconds(object.lastModified) > unmodifiedSince;
}

/**
 * If-None-Match (or, without it, If-Modified-Since) says the client's copy is current: 304.
 * Whatever the request's Cache-Control says: no-cache is for caches on the way, not the origin.
 */
export function notModified(headers: IncomingHttpHeaders, object: Validators): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) return ifNoneMatch.trim() === '*' || listedTags(ifNoneMatch).some((tag) => weakMatch(tag, object.etag));
  const modifiedSince = httpDate(headers['if-modified-since']);
  return modifiedSince !== undefined && seconds(object.lastModified) <= modifiedSince;
}

/** The part of the object a GET asks for: all of it, one byte range (inclusive), or none it has (416). */
export type WantedRange = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * As the local folder's server answers: one satisfiable byte range is a 206; several ranges, a
 * malformed header, another unit or an If-Range that no longer matches get the whole file.
 */
export function wantedRange(headers: IncomingHttpHeaders, object: Validators): WantedRange {
  const header = headers.range;
  const ifRange = headers['if-range'];
  if (header === undefined || !rangeStillApplies(typeof ifRange === 'string' ? ifRange : undefined, object)) return { kind: 'whole' };
  const ranges = parseRange(object.size, header, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  const range = ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1 ? undefined : ranges[0];
  return range ? { kind: 'part', start: range.start, end: range.end } : { kind: 'whole' };
}

function rangeStillApplies(ifRange: string | undefined, object: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return strongMatch(value, object.etag);
  const date = httpDate(value);
  return date !== undefined && date === seconds(object.lastModified);
}
