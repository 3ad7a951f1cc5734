import { Errors } from '../../errors/codes.js';
import type { Caller, Services } from '../context.js';
import { profileOfRow, type PublicProfile } from '../products/owner-profile.js';
import { loadAccountForChange } from './account-change.js';
import { missingAccount } from './find-accounts.js';

/**
 * DELETE /api/rents/:id (admins by default). Refused with a 409 while the account owns
 * products or media, so that nothing is left naming an account that is gone. Its sessions
 * end with it, on every instance: their rows go in the same transaction.
 */
export async function deleteAccount(services: Services, caller: Caller, id: string): Promise<PublicProfile> {
  const row = await loadAccountForChange(services, caller, id, 'delete');
  const result = await services.storage.rents.deleteUnlessOwning(id);
  if (result.deleted) return profileOfRow(row);
  if (result.owns.products > 0 || result.owns.media > 0) throw Errors.ACCOUNT_OWNS(result.owns.products, result.owns.media);
  // Refused by a foreign key, yet nothing counted refers to it: a row written and removed again
  // meanwhile, or one of a table the service does not know (an operator's own). Still there.
  if (await services.storage.rents.get(id)) throw Errors.ACCOUNT_STILL_REFERRED();
  throw missingAccount(id);
}
