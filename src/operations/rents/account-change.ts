import { accountFields } from '../../domain/account-fields.js';
import type { JsonObject } from '../../domain/merge.js';
import type { RentRow } from '../../storage/rents-repository.js';
import { authorizeChange, evaluateAccess } from '../access.js';
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
