import type { AccessArgs, AccessFunction, AccessResult, AuthUser } from '../config/types.js';
import { forbidden, unauthorized } from '../errors/api-error.js';
import { parseAccessWhere } from '../domain/where/parse-where.js';
import type { FieldCatalogue, WhereNode } from '../domain/where/types.js';

/** The outcome of an access rule: allowed everywhere, or only where the filter matches. */
export type Grant = { kind: 'all' } | { kind: 'filter'; where: WhereNode };

/** `false` is 401 for anonymous callers and 403 for signed-in ones. */
export const denied = (user: AuthUser | null) => (user ? forbidden() : unauthorized());

export async function evaluateAccess(
  rule: AccessFunction | undefined,
  args: AccessArgs,
  fields: FieldCatalogue,
): Promise<Grant> {
  const result: AccessResult = rule ? await rule(args) : false;
  if (result === true) return { kind: 'all' };
  if (result === false || result === null || typeof result !== 'object') throw denied(args.user);
  return { kind: 'filter', where: parseAccessWhere(result, fields) };
}
