import { accountFields } from '../../domain/account-fields.js';
import type { JsonObject } from '../../domain/merge.js';
import type { RentRow } from '../../storage/rents-repository.js';
import { authorizeChange, evaluateAccess, missingTo } from '../access.js';
import { isValidId } from '../../domain/ids.js';
import type { Caller, Services } from '../context.js';
import { profileOfRow } from '../products/owner-profile.js';
import { getAccountProfile, grantCoversAccount, missingAccount } from './find-accounts.js';

/**
 * Whether the caller may change or delete the account, as for products: allowed where the
 * rule says true or its filter matches; else 401 for anonymous callers, 404 for one who may not
 * even read the account, and the refusal (403) for one who may.
 */
export async function authorizeAccountChange(services: Services, caller: Caller, row: RentRow, operation: 'update' | 'delete', data?: JsonObject): Promise<void> {
  const rule = services.config.access.rents[operation];
  const doc = profileOfRow(row) as unknown as JsonObject;
  await authorizeChange(
    caller.user,
    async () => grantCoversAccount(await evaluateAccess(rule, { user: caller.user, id: row.id, data, doc }, accountFields), row),
    () => getAccountProfile(services, caller, row.id).then(() => true, () => false),
    () => missingAccount(row.id),
  );
}

/**
 * The account a change is about, once the caller may make it (authorizeAccountChange). A
 * missing one is a 404, except to an anonymous caller the rule refuses, who gets the 401 an
 * existing one gives: the answer tells no ids (see missingTo).
 */
export async function loadAccountForChange(services: Services, caller: Caller, id: string, operation: 'update' | 'delete', data?: JsonObject): Promise<RentRow> {
  const row = isValidId(id) ? await services.storage.rents.get(id) : undefined;
  if (!row) throw await missingTo(caller.user, () => evaluateAccess(services.config.access.rents[operation], { user: caller.user, id, data }, accountFields), () => missingAccount(id));
  await authorizeAccountChange(services, caller, row, operation, data);
  return row;
}
