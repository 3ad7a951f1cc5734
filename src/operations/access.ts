import type { AccessArgs, AccessFunction, AccessResult, AuthUser } from '../config/types.js';
import { APIError } from '../errors/api-error.js';
import { parseAccessWhere } from '../domain/where/parse-where.js';
import type { FieldCatalogue, ReadFilter, WhereNode } from '../domain/where/types.js';
import { Errors } from '../errors/codes.js';
import { Remembered } from '../domain/remembered.js';

/**
 * The outcome of an access rule: allowed everywhere, or only where the filter matches.
 * `key` identifies the outcome, so cached responses are shared only by callers with the same one.
 */
export type Grant = { kind: 'all'; key: string } | { kind: 'filter'; where: WhereNode; key: string };

const ALL: Grant = { kind: 'all', key: 'all' };
const parsedFilters = new WeakMap<FieldCatalogue, Remembered<string, WhereNode>>();

/** What a list or count may see: the read grant's filter, if it has one, and the request's `where`. */
export const readableBy = (grant: Grant, where: WhereNode | undefined): ReadFilter => ({
  access: grant.kind === 'filter' ? grant.where : undefined,
  where,
});

/** `false` is 401 for anonymous callers and 403 for signed-in ones. */
export const denied = (user: AuthUser | null) => (user ? Errors.ACCESS_DENIED() : Errors.UNAUTHORIZED());

export async function evaluateAccess(
  rule: AccessFunction | undefined,
  args: AccessArgs,
  fields: FieldCatalogue,
): Promise<Grant> {
  return accessNow(rule, args, fields);
}

/**
 * evaluateAccess without a wait when the rule answers without one (the default rules do):
 * the cached reads answer a whole request synchronously then. The rule is called once either way.
 */
export function accessNow(rule: AccessFunction | undefined, args: AccessArgs, fields: FieldCatalogue): Grant | Promise<Grant> {
  const result = rule ? rule(args) : false;
  return isPromiseLike(result) ? Promise.resolve(result).then((answer) => grantOf(answer, args.user, fields)) : grantOf(result, args.user, fields);
}

const isPromiseLike = (value: AccessResult | PromiseLike<AccessResult>): value is PromiseLike<AccessResult> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** Grants of filters that cannot change (deeply frozen, as the default rules return), by the filter object itself. */
const frozenGrants = new WeakMap<FieldCatalogue, WeakMap<object, Grant>>();

function grantOf(result: AccessResult, user: AuthUser | null, fields: FieldCatalogue): Grant {
  if (result === true) return ALL;
  if (result === false || result === null || typeof result !== 'object') throw denied(user);
  let frozen = frozenGrants.get(fields);
  const known = frozen?.get(result);
  if (known) return known;
  // Rules return the same few filters over and over (one per user at most): parse each once.
  const key = JSON.stringify(result);
  let parsed = parsedFilters.get(fields);
  if (!parsed) parsedFilters.set(fields, (parsed = new Remembered(10_000)));
  const where = parsed.get(key, () => parseAccessWhere(result, fields));
  const grant: Grant = { kind: 'filter', where, key };
  // A frozen filter reads the same on every call: its grant is kept with it, skipping the text and the lookup.
  if (deeplyFrozen(result)) {
    if (!frozen) frozenGrants.set(fields, (frozen = new WeakMap()));
    frozen.set(result, grant);
  }
  return grant;
}

function deeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

/**
 * What a change of a document that does not exist answers: a 404, except to an anonymous
 * caller whom the rule refuses without a document, who gets that refusal (401) as for one that
 * exists, so that the answer does not tell an anonymous caller which ids exist (Payload checks
 * access before it reads the document).
 */
export async function missingTo(user: AuthUser | null, rule: () => unknown, missing: () => APIError): Promise<APIError> {
  if (user !== null) return missing();
  try {
    await rule();
  } catch (error) {
    if (error instanceof APIError) return error;
    // A rule that reads the document it is not given cannot decide: the 404 it had before.
    if (error instanceof TypeError) return missing();
    throw error;
  }
  return missing();
}

/**
 * Authorises a change to an existing document: allowed when `check` says so; otherwise an
 * anonymous caller gets the rule's refusal (401), a signed-in caller who cannot even read the
 * document a 404 (its existence stays hidden), and one who can the refusal (403).
 */
export async function authorizeChange(
  user: AuthUser | null,
  check: () => Promise<boolean>,
  visible: () => Promise<boolean>,
  missing: () => APIError,
): Promise<void> {
  let refusal: APIError | undefined;
  try {
    if (await check()) return;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    refusal = error;
  }
  if (user === null) throw refusal ?? denied(user);
  if (!(await visible())) throw missing();
  throw refusal ?? denied(user);
}
