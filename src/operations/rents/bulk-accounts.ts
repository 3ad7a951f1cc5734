import { withoutDocumentFields } from '../../domain/document-fields.js';
import { accountFields } from '../../domain/account-fields.js';
import type { BulkQuery } from '../../domain/list-query.js';
import { isPlainObject } from '../../domain/merge.js';
import { Errors } from '../../errors/codes.js';
import { changeEach, matchedIds, type BulkCollection, type BulkResult, type Noun } from '../bulk.js';
import type { Caller, Services } from '../context.js';
import type { PublicProfile } from '../products/owner-profile.js';
import { checkAccountPatch, updateAccount } from './accounts.js';
import { deleteAccount } from './delete-account.js';

export const ACCOUNTS: Noun = { one: 'Account', many: 'Accounts' };

const collection = (services: Services): BulkCollection => ({
  noun: ACCOUNTS,
  fields: accountFields,
  read: services.config.access.rents.read,
  ids: (filter, sort, limit) => services.storage.rents.ids(filter, sort, limit),
});

/** PATCH /api/rents?where=…: the body applied to every matching account, as PATCH /api/rents/:id applies it to one. */
export async function updateAccounts(services: Services, caller: Caller, query: BulkQuery, input: unknown): Promise<BulkResult<PublicProfile>> {
  const body = withoutDocumentFields(input);
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  // Matched first: an anonymous caller's 401 comes before the 403 of a body that changes roles.
  const ids = await matchedIds(caller, query, collection(services), services.config.access.rents.update);
  checkAccountPatch(caller, body);
  return changeEach(ids, (id) => updateAccount(services, caller, id, body));
}

/** DELETE /api/rents?where=…: every matching account that owns nothing; the others are reported (409), not deleted. */
export async function deleteAccounts(services: Services, caller: Caller, query: BulkQuery): Promise<BulkResult<PublicProfile>> {
  const ids = await matchedIds(caller, query, collection(services), services.config.access.rents.delete);
  return changeEach(ids, (id) => deleteAccount(services, caller, id));
}
