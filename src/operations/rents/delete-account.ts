import { conflict } from '../../errors/api-error.js';
import type { Belongings } from '../../storage/rents-repository.js';
import type { Caller, Services } from '../context.js';
import { profileOfRow, type PublicProfile } from '../products/owner-profile.js';
import { authorizeAccountChange } from './account-change.js';
import { loadAccount, missingAccount } from './find-accounts.js';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function stillOwned(owns: Belongings): string {
  const parts = [
    ...(owns.products > 0 ? [counted(owns.products, 'product', 'products')] : []),
    ...(owns.media > 0 ? [counted(owns.media, 'media document', 'media documents')] : []),
  ];
  return `The account still owns ${parts.join(' and ')}: delete them, or give the products to another account, first.`;
}

/**
 * DELETE /api/rents/:id (admins by default). Refused with a 409 while the account owns
 * products or media, so that nothing is left naming an account that is gone. Its sessions
 * end with it, on every instance: their rows go in the same transaction.
 */
export async function deleteAccount(services: Services, caller: Caller, id: string): Promise<PublicProfile> {
  const row = await loadAccount(services, id);
  await authorizeAccountChange(services, caller, row, 'delete');
  const result = await services.storage.rents.deleteUnlessOwning(id);
  if (result.deleted) return profileOfRow(row);
  if (result.owns.products > 0 || result.owns.media > 0) throw conflict(stillOwned(result.owns), 'id');
  // Refused by a foreign key, yet nothing counted refers to it: a row written and removed again
  // meanwhile, or one of a table the service does not know (an operator's own). Still there.
  if (await services.storage.rents.get(id)) throw conflict('Something still refers to the account (perhaps written meanwhile); try again.', 'id');
  throw missingAccount(id);
}
