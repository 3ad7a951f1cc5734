import type { AuthUser } from '../../config/types.js';
import { asData } from '../../domain/product-document.js';
import type { JsonObject } from '../../domain/merge.js';
import type { ProductDoc, ReservationItem } from '../../domain/product-schema.js';
import type { ProductRecord } from '../../storage/products-repository.js';
import { transformThrough } from '../hooks.js';
import type { Services } from '../context.js';
import { persistProduct } from './persist-product.js';
import { prepareProduct } from './prepare-product.js';
import { ValidationError, type ErrorItem } from '../../errors/api-error.js';

export type Operation = 'create' | 'update';

/**
 * The shared middle of create, update and actions: hooks before validation, validation,
 * hooks before the change, and the write. Nothing is stored if any step throws.
 */
export async function writeProduct(
  services: Services,
  user: AuthUser | null,
  input: {
    operation: Operation;
    data: JsonObject;
    originalDoc?: ProductDoc;
    server: { id: string; createdAt: string; updatedAt: string; previousOwner?: string; previousReservations?: ReservationItem[] };
    write: (record: ProductRecord, doc: ProductDoc) => Promise<boolean>;
    /** What the request already got wrong outside the document (a body `id` other than the path's): reported with its validation errors. */
    refused?: ErrorItem[];
  },
): Promise<{ doc: ProductDoc; written: boolean }> {
  const hooks = services.config.hooks.products;
  const originalDoc = input.originalDoc ? asData(input.originalDoc) : undefined;
  const base = { operation: input.operation, originalDoc, user };
  const data = await transformThrough(hooks.beforeValidate, { ...base, data: input.data }, 'data');
  const refused = input.refused ?? [];
  let prepared = await prepareProduct(services, user, data, input.server).catch((error: unknown) => {
    throw error instanceof ValidationError && refused.length > 0 ? new ValidationError([...refused, ...error.items]) : error;
  });
  if (refused.length > 0) throw new ValidationError(refused);
  if (hooks.beforeChange) {
    const before = JSON.stringify(data);
    const changed = await transformThrough(hooks.beforeChange, { ...base, data: structuredClone(data) }, 'data');
    if (JSON.stringify(changed) !== before) prepared = await prepareProduct(services, user, changed, input.server);
  }
  return persistProduct(services.storage.products, prepared, input.write);
}
