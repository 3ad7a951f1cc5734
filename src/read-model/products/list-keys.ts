import type { Grant } from '../../operations/access.js';
import type { WhereNode } from '../../domain/where/types.js';

const canonical = (value: unknown): string => JSON.stringify(value, (key, inner: unknown) => (key === 'field' ? (inner as { path: string }).path : inner));

/**
 * The canonical text of each part of a parsed query (its `where`, sort, search words,
 * interval): requests with the same query string share one parsed query (see
 * products-routes.ts), and a list request builds up to three keys from it, so each part is
 * serialised once rather than on every request.
 */
const texts = new WeakMap<object, string>();

function textOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? '';
  let text = texts.get(value);
  if (text === undefined) {
    text = canonical(value);
    texts.set(value, text);
  }
  return text;
}

/** A canonical text of a parsed query (fields by path), for cache keys: its parts in the order given. */
export function queryKey(kind: string, grant: Grant, parts: { where?: WhereNode } & Record<string, unknown>): string {
  let key = `${kind}|${grant.key}`;
  for (const name in parts) key += `|${name}=${textOf(parts[name])}`;
  return key;
}
