import { withoutDocumentFields } from '../../domain/document-fields.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { isAdmin } from '../../config/defaults.js';
import { AccountCreateSchema, AccountUpdateSchema, normaliseEmail } from '../../domain/account-schema.js';
import { generateId } from '../../domain/ids.js';
import { nextTimestamp } from '../../domain/timestamps.js';
import { deepMerge, isPlainObject, type JsonObject } from '../../domain/merge.js';
import { compileSchema } from '../../domain/schema-validator.js';
import { ValidationError } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import type { RentRow } from '../../storage/rents-repository.js';
import { UniqueViolation } from '../../storage/unique-violation.js';
import { TermInUse } from '../../storage/reference-errors.js';
import { accountFields } from '../../domain/account-fields.js';
import { denied, evaluateAccess, type Grant } from '../access.js';
import type { Caller, Services } from '../context.js';
import { profileOfRow, type PublicProfile } from '../products/owner-profile.js';
import { loadAccountForChange } from './account-change.js';
import { grantCoversAccount, loadAccount } from './find-accounts.js';

const checkCreate = compileSchema(AccountCreateSchema);
const checkUpdate = compileSchema(AccountUpdateSchema);

interface StoredProfile {
  basic: JsonObject;
  terms: { termsArray: JsonObject[] };
  invoices?: JsonObject;
}

/** Terms get an id where they have none. */
function withTermIds(terms: JsonObject[] | undefined): JsonObject[] {
  return (terms ?? []).map((term) => (typeof term.id === 'string' ? term : { id: generateId(), ...term }));
}

function duplicateTermId(terms: JsonObject[]): string | undefined {
  const seen = new Set<string>();
  for (const term of terms) {
    const id = term.id as string;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

const emailTaken = () => Errors.EMAIL_TAKEN();

/**
 * Creates an account. `actor` is the signed-in caller for POST /api/rents, or 'system'
 * for the command line, which is trusted.
 */
export async function createAccount(services: Pick<Services, 'config' | 'storage'>, actor: Caller | 'system', input: unknown): Promise<PublicProfile> {
  const body = withoutDocumentFields(input);
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  const user = actor === 'system' ? undefined : actor.user;
  let grant: Grant | undefined;
  if (user !== undefined) {
    if (!services.config.auth.openRegistration) grant = await evaluateAccess(services.config.access.rents.create, { user, data: body }, accountFields);
    if (body.roles !== undefined && !isAdmin(user)) throw Errors.ROLES_FORBIDDEN('give');
  }
  const errors = checkCreate(body);
  if (errors.length > 0) throw new ValidationError(errors);
  const termsArray = withTermIds((body.terms as { termsArray?: JsonObject[] } | undefined)?.termsArray);
  const duplicate = duplicateTermId(termsArray);
  if (duplicate) throw Errors.DUPLICATE_TERM_ID(duplicate);
  const profile: StoredProfile = {
    basic: (body.basic as JsonObject | undefined) ?? {},
    terms: { termsArray },
    ...(isPlainObject(body.invoices) ? { invoices: body.invoices } : {}),
  };
  const now = new Date().toISOString();
  const id = generateId();
  const rentNameSystem = body.rentNameSystem as string;
  // A filter allows the create only for an account that matches it, as for products.
  if (grant && !grantCoversAccount(grant, { id, rent_name_system: rentNameSystem, created_at: now, updated_at: now })) throw denied(user ?? null);
  try {
    await services.storage.rents.insert({
      id,
      email: normaliseEmail(body.email as string),
      password_hash: await hashPassword(body.password as string),
      rent_name_system: rentNameSystem,
      roles: JSON.stringify(body.roles ?? []),
      profile: JSON.stringify(profile),
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    if (error instanceof UniqueViolation && error.target === 'rents.email') throw emailTaken();
    throw error;
  }
  const row = await services.storage.rents.get(id);
  if (!row) throw new Error(`Account ${id} vanished right after it was created`);
  return profileOfRow(row);
}

/** Whether a PATCH body changes what signs the account in: its password, or its login e-mail. */
const changesCredentials = (row: RentRow, body: JsonObject): boolean =>
  body.password !== undefined || (body.email !== undefined && normaliseEmail(body.email as string) !== row.email);

async function checkPasswordChange(caller: Caller, row: RentRow, body: JsonObject): Promise<void> {
  if (!changesCredentials(row, body)) return;
  const adminForOther = isAdmin(caller.user) && caller.user?.id !== row.id;
  if (adminForOther) return;
  if (typeof body.currentPassword !== 'string') {
    throw Errors.CURRENT_PASSWORD_REQUIRED();
  }
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
    throw Errors.CURRENT_PASSWORD_WRONG();
  }
}

/** What a PATCH body may do before any account is looked at: 403 when a non-admin changes roles; 400 naming every problem. */
export function checkAccountPatch(caller: Caller, body: JsonObject): void {
  if (body.roles !== undefined && !isAdmin(caller.user)) throw Errors.ROLES_FORBIDDEN('change');
  const errors = checkUpdate(body);
  if (Object.keys(body).length === 0) errors.push(Errors.EMPTY_PATCH.item());
  if (errors.length > 0) throw new ValidationError(errors);
}

/** PATCH /api/rents/:id: profile, terms, e-mail and password; the account itself or an admin. */
export async function updateAccount(services: Services, caller: Caller, id: string, input: unknown): Promise<PublicProfile> {
  const body = withoutDocumentFields(input);
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  const row = await loadAccountForChange(services, caller, id, 'update', body);
  checkAccountPatch(caller, body);
  await checkPasswordChange(caller, row, body);

  const stored = JSON.parse(row.profile) as StoredProfile;
  const patch: JsonObject = {};
  for (const key of ['basic', 'terms', 'invoices'] as const) if (body[key] !== undefined) patch[key] = body[key];
  const profile = deepMerge(stored as unknown as JsonObject, patch) as unknown as StoredProfile;
  profile.terms = { termsArray: withTermIds(profile.terms?.termsArray) };
  const duplicate = duplicateTermId(profile.terms.termsArray);
  if (duplicate) throw Errors.DUPLICATE_TERM_ID(duplicate);

  const kept = new Set(profile.terms.termsArray.map((term) => term.id as string));
  const removed = (stored.terms?.termsArray ?? []).map((term) => term.id as string).filter((termId) => !kept.has(termId));
  const changes = {
    profile: JSON.stringify(profile),
    updated_at: nextTimestamp(row.updated_at),
    ...(body.rentNameSystem !== undefined ? { rent_name_system: body.rentNameSystem as string } : {}),
    ...(body.email !== undefined ? { email: normaliseEmail(body.email as string) } : {}),
    ...(body.password !== undefined ? { password_hash: await hashPassword(body.password as string) } : {}),
    ...(body.roles !== undefined ? { roles: JSON.stringify(body.roles) } : {}),
  };
  let updated: boolean;
  try {
    updated = await services.storage.rents.update(id, row.version, changes, removed);
  } catch (error) {
    if (error instanceof UniqueViolation && error.target === 'rents.email') throw emailTaken();
    if (error instanceof TermInUse) throw Errors.TERM_IN_USE(error.termId, error.productId);
    throw error;
  }
  if (!updated) throw Errors.ACCOUNT_BUSY();
  if (body.password !== undefined) await services.sessions.endOthers(id, caller.session?.user.id === id ? caller.session.claims.sessionId : undefined);
  // A reset token sent before is for credentials that no longer hold (or to an address no longer the login).
  if (changesCredentials(row, body)) await services.storage.passwordResets.forget(id);
  return profileOfRow(await loadAccount(services, id));
}
