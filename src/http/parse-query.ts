import qs from 'qs';
import { MAX_DEPTH as MAX_WHERE_DEPTH } from '../domain/where/parse-where.js';

/**
 * Bracket depth: `where`'s deepest allowed condition, one level more (`[and][0]` is two
 * brackets a level, then `[path][operator]`), so that one level too deep is still parsed
 * far enough to be refused as too deep instead of as an unknown field.
 */
const QS_DEPTH = 2 * (MAX_WHERE_DEPTH + 1) + 2;
const QS_OPTIONS = { depth: QS_DEPTH, arrayLimit: 200, parameterLimit: 2000, allowPrototypes: false, allowEmptyArrays: true } as const;

/** `name=value&…` with nothing to decode and no brackets: what most requests send (`?depth=1`). */
const PLAIN = /^[\w.~-]+(=[\w.~:,-]*)?(&[\w.~-]+(=[\w.~:,-]*)?){0,31}$/;

/** Parsed query strings by their text; cleared when full, so a stream of distinct strings stays bounded. */
const parsed = new Map<string, Readonly<Record<string, unknown>>>();
const MAX_PARSED = 8192;
const MAX_KEPT_LENGTH = 1024;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * The query string parsed (see parseFresh), once per distinct text: pages of one listing
 * differ only in their query strings, and a client asks the same ones again and again. The
 * result is frozen, as requests with the same text share it (routes only read their query),
 * and the same object can key what a route derives from it (see products-routes.ts).
 */
export function parseQuery(text: string): Readonly<Record<string, unknown>> {
  let query = parsed.get(text);
  if (query === undefined) {
    query = deepFreeze(parseFresh(text));
    if (text.length <= MAX_KEPT_LENGTH) {
      if (parsed.size >= MAX_PARSED) parsed.clear();
      parsed.set(text, query);
    }
  }
  return query;
}

/**
 * The query string as qs parses it (the brackets Payload clients write, bounded so a hostile
 * query string stays cheap), with a shortcut for plain strings that gives qs's result without
 * its general machinery. Repeated names and names of Object.prototype go through qs.
 */
function parseFresh(text: string): Record<string, unknown> {
  if (!PLAIN.test(text)) return qs.parse(text, QS_OPTIONS);
  const query: Record<string, string> = {};
  for (const pair of text.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (name in query || name in Object.prototype) return qs.parse(text, QS_OPTIONS);
    query[name] = equals === -1 ? '' : pair.slice(equals + 1);
  }
  return query;
}
