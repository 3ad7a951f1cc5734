import type { Grant } from '../../operations/access.js';
import type { WhereNode } from '../../domain/where/types.js';

const canonical = (value: unknown): string => JSON.stringify(value, (key, inner: unknown) => (key === 'field' ? (inner as { path: string }).path : inner));

/** The canonical text of each parsed `where`: one list request builds up to three keys from it. */
const whereTexts = new WeakMap<WhereNode, string>();

function whereText(where: WhereNode | undefined): string {
  if (!where) return '';
  let text = whereTexts.get(where);
  if (text === undefined) {
    text = canonical(where);
    whereTexts.set(where, text);
  }
  return text;
}

/** A canonical text of a parsed query (fields by path), for cache keys. */
export const queryKey = (kind: string, grant: Grant, { where, ...rest }: { where?: WhereNode } & Record<string, unknown>): string =>
  `${kind}|${grant.key}|${whereText(where)}|${canonical(rest)}`;
