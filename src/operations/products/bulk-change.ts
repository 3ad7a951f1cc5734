import { MAX_BULK, type BulkQuery } from '../../domain/list-query.js';
import { ValidationError, asClientError, type ErrorItem } from '../../errors/api-error.js';
import type { AccessFunction } from '../../config/types.js';
import type { Caller, Services } from '../context.js';
import { deleteProduct } from './delete-product.js';
import { readableBy } from '../access.js';
import { productGrant } from './product-access.js';
import type { RenderedProduct } from './render.js';
import type { WrittenProduct } from './render-one.js';
import { applyPatch, patchOf } from './update-product.js';

/** One product a bulk change could not make, as Payload reports it (with `field` where one is at fault). */
export interface BulkError extends ErrorItem {
  id: string;
}

/**
 * What a bulk change did: the products it changed, and one error item per problem of each it
 * could not. `status` is 200 when every product changed; 401 or 403 when none did and every
 * one was refused for that reason (the caller, not the products, is the problem); else 400.
 */
export interface BulkResult<T> {
  docs: T[];
  errors: BulkError[];
  failed: number;
  status: number;
}

/**
 * The products a bulk change is about: matches of `where` the caller may read, in `sort`
 * order. An anonymous caller whom the rule refuses outright (as the defaults do) gets its
 * 401 at once, rather than a 200 that changed nothing because nothing matched.
 */
async function matchedIds(services: Services, caller: Caller, query: BulkQuery, rule: AccessFunction | undefined): Promise<string[]> {
  if (caller.user === null) await productGrant(rule, { user: null });
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
  const ids = await services.storage.products.pageIds(readableBy(grant, query.where), query.sort, query.limit ?? MAX_BULK + 1, 0);
  if (ids.length > MAX_BULK) {
    throw new ValidationError([{ field: 'where', message: `More than ${MAX_BULK} products match: narrow where, or pass a limit and repeat.` }]);
  }
  return ids;
}

/**
 * Makes the change to each product in turn, each a write of its own with its own access
 * check, validation and hooks, exactly as the single-product endpoint would. Refusals and
 * invalid results are collected; anything else (a 500) stops the run, and the products
 * changed before it stay changed.
 */
async function changeEach<T>(ids: string[], change: (id: string) => Promise<T>): Promise<BulkResult<T>> {
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

/** PATCH /api/products?where=…: the patch merged into every matching product, as PATCH /api/products/:id does. */
export async function updateProducts(services: Services, caller: Caller, query: BulkQuery, body: unknown): Promise<BulkResult<WrittenProduct>> {
  const patch = patchOf(body);
  const ids = await matchedIds(services, caller, query, services.config.access.products.update);
  return changeEach(ids, (id) => applyPatch(services, caller, id, patch, { depth: query.depth }));
}

/** DELETE /api/products?where=…: every matching product, as DELETE /api/products/:id deletes one. */
export async function deleteProducts(services: Services, caller: Caller, query: BulkQuery): Promise<BulkResult<RenderedProduct>> {
  const ids = await matchedIds(services, caller, query, services.config.access.products.delete);
  return changeEach(ids, (id) => deleteProduct(services, caller, id, query.depth));
}

/** Payload's message for a bulk change: all of them, or how many of how many failed. */
export function bulkMessage(verb: 'update' | 'delete', result: BulkResult<unknown>): string {
  const total = result.docs.length + result.failed;
  const noun = (count: number) => (count === 1 ? 'Product' : 'Products');
  return result.failed === 0
    ? `${verb === 'update' ? 'Updated' : 'Deleted'} ${total} ${noun(total)} successfully.`
    : `Unable to ${verb} ${result.failed} out of ${total} ${noun(total)}.`;
}
