import type { AccessFunction } from '../config/types.js';
import { MAX_BULK, type BulkQuery } from '../domain/list-query.js';
import type { FieldCatalogue, ReadFilter, SortKey } from '../domain/where/types.js';
import { asClientError, type ErrorItem } from '../errors/api-error.js';
import { evaluateAccess, readableBy } from './access.js';
import type { Caller } from './context.js';
import { Errors } from '../errors/codes.js';

/** One document a bulk change could not make, as Payload reports it (with `field` where one is at fault). */
export interface BulkError extends ErrorItem {
  id: string;
}

/**
 * What a bulk change did: the documents it changed, and one error item per problem of each it
 * could not. `status` is 200 when every document changed; 401 or 403 when none did and every
 * one was refused for that reason (the caller, not the documents, is the problem); else 400.
 */
export interface BulkResult<T> {
  docs: T[];
  errors: BulkError[];
  failed: number;
  status: number;
}

/** How a collection names its documents in bulk messages. */
export interface Noun {
  one: string;
  many: string;
}

/** A collection as bulk changes see it: what filters may name, who reads what, and its matching ids in order. */
export interface BulkCollection {
  noun: Noun;
  fields: FieldCatalogue;
  read: AccessFunction | undefined;
  ids(filter: ReadFilter, sort: SortKey[], limit: number): Promise<string[]>;
}

/**
 * The documents a bulk change is about: matches of `where` the caller may read, in `sort`
 * order, at most MAX_BULK (more is a 400). An anonymous caller whom the change's rule refuses
 * outright (as the defaults do) gets its 401 at once, rather than a 200 that changed nothing
 * because nothing matched.
 */
export async function matchedIds(caller: Caller, query: BulkQuery, collection: BulkCollection, rule: AccessFunction | undefined): Promise<string[]> {
  if (caller.user === null) await evaluateAccess(rule, { user: null }, collection.fields);
  const grant = await evaluateAccess(collection.read, { user: caller.user }, collection.fields);
  const ids = await collection.ids(readableBy(grant, query.where), query.sort, query.limit ?? MAX_BULK + 1);
  if (ids.length > MAX_BULK) {
    const noun = collection.noun.many.toLowerCase();
    throw Errors.TOO_MANY_MATCHES(`More than ${MAX_BULK} ${noun} match: narrow where, or pass a limit and repeat.`, 'where');
  }
  return ids;
}

/**
 * Makes the change to each document in turn, each a write of its own with its own access
 * check, validation and hooks, exactly as the single-document endpoint would. Refusals and
 * invalid results are collected; anything else (a 500) stops the run, and the documents
 * changed before it stay changed.
 */
export async function changeEach<T>(ids: string[], change: (id: string) => Promise<T>): Promise<BulkResult<T>> {
  const docs: T[] = [];
  const errors: BulkError[] = [];
  const statuses = new Set<number>();
  for (const id of ids) {
    try {
      docs.push(await change(id));
    } catch (error) {
      const refusal = asClientError(error);
      if (!refusal) throw error;
      statuses.add(refusal.status);
      for (const item of refusal.items) errors.push({ id, ...item });
    }
  }
  const failed = ids.length - docs.length;
  const [only] = statuses;
  const status = failed === 0 ? 200 : docs.length === 0 && statuses.size === 1 && (only === 401 || only === 403) ? only : 400;
  return { docs, errors, failed, status };
}

/** Payload's message for a bulk change: all of them, or how many of how many failed. */
export function bulkMessage(verb: 'update' | 'delete', result: BulkResult<unknown>, noun: Noun): string {
  const total = result.docs.length + result.failed;
  const named = (count: number) => (count === 1 ? noun.one : noun.many);
  return result.failed === 0
    ? `${verb === 'update' ? 'Updated' : 'Deleted'} ${total} ${named(total)} successfully.`
    : `Unable to ${verb} ${result.failed} out of ${total} ${named(total)}.`;
}
