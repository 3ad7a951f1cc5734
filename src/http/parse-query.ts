import qs from 'qs';

const QS_OPTIONS = { depth: 24, arrayLimit: 200, parameterLimit: 2000, allowPrototypes: false, allowEmptyArrays: true } as const;

/** `name=value&…` with nothing to decode and no brackets: what most requests send (`?depth=1`). */
const PLAIN = /^[\w.~-]+(=[\w.~:,-]*)?(&[\w.~-]+(=[\w.~:,-]*)?){0,31}$/;

/**
 * The query string as qs parses it (the brackets Payload clients write, bounded so a hostile
 * query string stays cheap), with a shortcut for plain strings that gives qs's result without
 * its general machinery. Repeated names and names of Object.prototype go through qs.
 */
export function parseQuery(text: string): Record<string, unknown> {
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
