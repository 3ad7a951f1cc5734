import { accountFields } from '../../domain/account-fields.js';
import { UnlockSchema, normaliseEmail } from '../../domain/account-schema.js';
import { isPlainObject } from '../../domain/merge.js';
import { checkedBody, compileSchema } from '../../domain/schema-validator.js';
import { evaluateAccess } from '../access.js';
import type { Caller, Services } from '../context.js';
import { grantCoversAccount } from './find-accounts.js';

const checkUnlock = compileSchema(UnlockSchema);

/**
 * POST /api/rents/unlock `{email}` (admins by default): lifts a login lockout and clears the
 * count of failed logins, as Payload's unlock does. Its answer is the same whether or not an
 * account has that e-mail (or the rule's filter hides it), so it tells nothing about which
 * e-mails exist even where the rule lets more than admins call it.
 */
export async function unlock(services: Services, caller: Caller, input: unknown): Promise<{ message: string }> {
  const grant = await evaluateAccess(services.config.access.rents.unlock, { user: caller.user, data: isPlainObject(input) ? input : undefined }, accountFields);
  const body = checkedBody(input, checkUnlock);
  const row = await services.storage.rents.getByEmail(normaliseEmail(body.email as string));
  if (row && grantCoversAccount(grant, row)) await services.storage.rents.resetFailures(row.id);
  return { message: 'Success' };
}
