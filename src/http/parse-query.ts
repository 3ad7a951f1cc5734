import qs from 'qs';
import { MAX_DEPTH as MAX_WHERE_DEPTH } from '../domain/where/parse-where.js';
import { ownString } from '../domain/own-string.js';

/**
 * Bracket depth: `where`'s deepest allowed condition, one level more (`[and][0]` is two
 * brackets a level, then `[path][operator]`), so that one level too deep is still parsed
 * far enough to be refused as too deep instead of as an unknown field.
 */
const QS_DEPTH = 2 * (MAX_WHERE_DEPTH + 1) + 2;
/**
 * qs drops `__proto__` keys whatever its options say, so `where[__proto__][equals]=1` would
 * list everything instead of being refused as the JSON form is. Keys go through qs with it
 * renamed to this, and come back as themselves.
 */
const PROTO = '__proto__';
const PROTO_STAND_IN = '\u0000proto\u0000';
let protoRenamed = false;

const decoder: qs.IParseOptions['decoder'] = (text, decode, charset, type) => {
  const decoded: unknown = decode(text, decode, charset);
  if (type !== 'key' || typeof decoded !== 'string' || !decoded.includes(PROTO)) return decoded;
  protoRenamed = true;
  return decoded.replaceAll(PROTO, PROTO_STAND_IN);
};

/**
 * Objects without a prototype (`plainObjects`), so that names of Object.prototype's own
 * properties (`where[constructor]`, `where[toString]`) are kept as keys and refused like any
 * other unknown name, instead of being dropped as qs does for ordinary objects.
 */
export const QS_OPTIONS = { depth: QS_DEPTH, arrayLimit: 200, parameterLimit: 2000, plainObjects: true, allowEmptyArrays: true, decoder } as const;

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
    if (text.length > MAX_KEPT_LENGTH) return deepFreeze(parseFresh(text));
    // Kept, with the values sliced from it, as text of its own rather than a slice of the URL.
    const kept = ownString(text);
    query = deepFreeze(parseFresh(kept));
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(kept, query);
  }
  return query;
}

/** The stand-in's keys named `__proto__` again, as own properties (the objects have no prototype to set). */
function restoreProto(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(restoreProto);
  const restored: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, child] of Object.entries(value)) restored[key.replaceAll(PROTO_STAND_IN, PROTO)] = restoreProto(child);
  return restored;
}

function parseWithQs(text: string): Record<string, unknown> {
  protoRenamed = false;
  const query = qs.parse(text, QS_OPTIONS);
  return protoRenamed ? (restoreProto(query) as Record<string, unknown>) : query;
}

/**
 * The query string as qs parses it (the brackets Payload clients write, bounded so a hostile
 * query string stays cheap), with a shortcut for plain strings that gives qs's result without
 * its general machinery. Repeated names go through qs.
 */
function parseFresh(text: string): Record<string, unknown> {
  if (!PLAIN.test(text)) return parseWithQs(text);
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of text.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (name in query || name === PROTO) return parseWithQs(text);
    query[name] = equals === -1 ? '' : pair.slice(equals + 1);
  }
  return query;
}
