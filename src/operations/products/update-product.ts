import { ownValue } from '../../domain/own-value.js';
import { isValidId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import { deepMerge, withoutNulls, type JsonObject } from '../../domain/merge.js';
import { asData, withoutServerFields } from '../../domain/product-document.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { nextTimestamp } from '../../domain/timestamps.js';
import { runHooks } from '../hooks.js';
import { productLocks } from '../keyed-lock.js';
import type { AccessFunction } from '../../config/types.js';
import type { Caller, Services } from '../context.js';
import { requireObjectBody, writtenProduct, type WrittenProduct } from './render-one.js';
import { ifMatchSatisfied } from './etag.js';
import { currentEtags } from './find-product.js';
import { loadForWrite } from './product-access.js';
import { writeProduct } from './write-product.js';
import { toRecord } from '../../storage/product-record.js';
import { Errors } from '../../errors/codes.js';
import type { ErrorItem } from '../../errors/api-error.js';

/** A changed product, and its body at depth 1 if it was kept for reads (see keepWritten). */
export interface ChangedProduct {
  doc: ProductDoc;
  kept: Buffer | undefined;
}

/** How often a write that lost a race with another instance is retried before giving up. */
const ATTEMPTS = 10;

/**
 * Applies `change` (the current document without server fields → the new data) to a product,
 * as the caller, retrying on a concurrent change unless `ifMatch` pins the version.
 */
export async function changeProduct(
  services: Services,
  caller: Caller,
  id: string,
  change: (current: JsonObject, doc: ProductDoc) => JsonObject | Promise<JsonObject>,
  options: { ifMatch?: string; action?: string; refused?: ErrorItem[]; data?: JsonObject },
): Promise<ChangedProduct> {
  if (!isValidId(id)) throw Errors.PRODUCT_NOT_FOUND(id);
  const rules = services.config.access.products;
  const rule = options.action ? (ownValue(rules.actions, options.action) ?? ownValue(services.config.actions, options.action)?.access ?? rules.update) : rules.update;
  return productLocks.run(`product:${id}`, () => changeLocked(services, caller, id, change, { ...options, rule }));
}

async function changeLocked(
  services: Services,
  caller: Caller,
  id: string,
  change: (current: JsonObject, doc: ProductDoc) => JsonObject | Promise<JsonObject>,
  options: { ifMatch?: string; action?: string; refused?: ErrorItem[]; data?: JsonObject; rule: AccessFunction | undefined },
): Promise<ChangedProduct> {
  const { rule } = options;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { row, doc } = await loadForWrite(services, caller.user, id, rule, options.action, options.data);
    if (options.ifMatch !== undefined && !ifMatchSatisfied(options.ifMatch, await currentEtags(services, caller, row))) {
      throw Errors.ETAG_MISMATCH();
    }
    const data = await change(withoutServerFields(asData(doc)), doc);
    let kept: Buffer | undefined;
    const result = await writeProduct(services, caller.user, {
      operation: 'update',
      data,
      originalDoc: doc,
      server: { id, createdAt: doc.createdAt, updatedAt: nextTimestamp(doc.updatedAt), previousOwner: doc.basic.rent_owner, previousReservations: doc.availability?.reservationDates },
      ...(options.refused ? { refused: options.refused } : {}),
      write: async (record, written) => {
        const replaced = await services.storage.products.replace(record, row.version, toRecord(doc, row.doc));
        if (replaced) kept = await services.readModel.keepWritten(record, row.version + 1, written);
        return replaced;
      },
    });
    if (result.written) {
      await runHooks(services.config.hooks.products.afterChange, { doc: asData(result.doc), previousDoc: asData(doc), operation: 'update' as const, user: caller.user });
      return { doc: result.doc, kept };
    }
    if (options.ifMatch !== undefined) throw Errors.ETAG_OVERTAKEN();
  }
  throw Errors.PRODUCT_BUSY();
}

/**
 * A change the service makes on its own (an imported calendar's sync): the same validation,
 * hooks and write as any change, under no caller's access rule.
 */
export function changeProductAsService(services: Services, id: string, change: (current: JsonObject, doc: ProductDoc) => JsonObject | Promise<JsonObject>): Promise<ChangedProduct> {
  return productLocks.run(`product:${id}`, () => changeLocked(services, { user: null }, id, change, { rule: () => true }));
}

/** A PATCH body as the patch it is: a non-empty object, server fields left out. */
export function patchOf(body: unknown): JsonObject {
  const patch = withoutServerFields(requireObjectBody(body));
  if (Object.keys(patch).length === 0) throw Errors.EMPTY_PATCH();
  return patch;
}

/** A patch merged into one product: deep merge, arrays replaced, null removes. */
export async function applyPatch(services: Services, caller: Caller, id: string, patch: JsonObject, options: { ifMatch?: string; depth: Depth }): Promise<WrittenProduct> {
  const { doc, kept } = await changeProduct(services, caller, id, (current) => deepMerge(current, patch), { ifMatch: options.ifMatch, data: patch });
  return writtenProduct(services, caller, doc, options.depth, kept);
}

/** PATCH /api/products/:id. */
export const updateProduct = (services: Services, caller: Caller, id: string, body: unknown, options: { ifMatch?: string; depth: Depth }): Promise<WrittenProduct> =>
  applyPatch(services, caller, id, patchOf(body), options);

/** Upsert: POST /api/products/:id over an existing id replaces the whole document. */
export async function replaceProduct(services: Services, caller: Caller, id: string, body: JsonObject, depth: Depth, refused: ErrorItem[] = []): Promise<WrittenProduct> {
  const { doc, kept } = await changeProduct(services, caller, id, () => withoutNulls(withoutServerFields(body)), { refused, data: body });
  return writtenProduct(services, caller, doc, depth, kept);
}
