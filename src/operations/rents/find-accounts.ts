import { accountFields } from '../../domain/account-fields.js';
import { isValidId } from '../../domain/ids.js';
import type { ListQuery } from '../../domain/list-query.js';
import type { JsonObject } from '../../domain/merge.js';
import { matches, type ColumnValues } from '../../domain/where/matches.js';
import { APIError } from '../../errors/api-error.js';
import type { RentRow } from '../../storage/rents-repository.js';
import type { ReadFilter } from '../../domain/where/types.js';
import { evaluateAccess, readableBy, type Grant } from '../access.js';
import type { Caller, Services } from '../context.js';
import { filteredSource, listPage, type PaginatedDocs } from '../list-page.js';
import { profileOfRow, type PublicProfile } from '../products/owner-profile.js';
import { Errors } from '../../errors/codes.js';

export const missingAccount = (id: string) => Errors.ACCOUNT_NOT_FOUND(id);

type AccountColumns = Pick<RentRow, 'id' | 'rent_name_system' | 'created_at' | 'updated_at'>;

/** What access filters may look at of an account (see accountFields). */
export const accountColumns = (row: AccountColumns): ColumnValues => ({ id: row.id, rent_name_system: row.rent_name_system, created_at: row.created_at, updated_at: row.updated_at });

/** Whether a grant covers an account. */
export const grantCoversAccount = (grant: Grant, row: AccountColumns): boolean => grant.kind === 'all' || matches(grant.where, accountColumns(row));

/** The accounts a list or count may see: the caller's read filter and the request's `where`. */
async function readableFilter(services: Services, caller: Caller, query: ListQuery): Promise<ReadFilter> {
  return readableBy(await evaluateAccess(services.config.access.rents.read, { user: caller.user }, accountFields), query.where);
}

/** GET /api/rents: the public profiles the caller may read, in the list envelope. */
export async function findAccounts(services: Services, caller: Caller, query: ListQuery): Promise<PaginatedDocs<PublicProfile>> {
  const source = filteredSource(services.storage.rents, await readableFilter(services, caller, query), query.sort);
  return listPage(query, source, (rows) => rows.map(profileOfRow), 'accounts');
}

/** GET /api/rents/count: `{totalDocs}` for the same filters as the list. */
export async function countAccounts(services: Services, caller: Caller, query: ListQuery): Promise<{ totalDocs: number }> {
  return { totalDocs: await services.storage.rents.count(await readableFilter(services, caller, query)) };
}

/** The stored account; 404 when there is none. */
export async function loadAccount(services: Services, id: string): Promise<RentRow> {
  const row = isValidId(id) ? await services.storage.rents.get(id) : undefined;
  if (!row) throw missingAccount(id);
  return row;
}

/** GET /api/rents/:id: an account the caller may not read is as missing as one that does not exist. */
export async function getAccountProfile(services: Services, caller: Caller, id: string): Promise<PublicProfile> {
  const row = await loadAccount(services, id);
  const profile = profileOfRow(row);
  let grant: Grant;
  try {
    grant = await evaluateAccess(services.config.access.rents.read, { user: caller.user, id, doc: profile as unknown as JsonObject }, accountFields);
  } catch (error) {
    if (error instanceof APIError) throw missingAccount(id);
    throw error;
  }
  if (!grantCoversAccount(grant, row)) throw missingAccount(id);
  return profile;
}
