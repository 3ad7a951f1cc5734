import { generateId, isValidId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import { withoutNulls, type JsonObject } from '../../domain/merge.js';
import { asData, withoutServerFields } from '../../domain/product-document.js';
import { denied } from '../access.js';
import { runHooks } from '../hooks.js';
import type { Caller, Services } from '../context.js';
import { grantCovers, productGrant } from './product-access.js';
import { requireObjectBody, writtenProduct, type WrittenProduct } from './render-one.js';
import { replaceProduct } from './update-product.js';
import { writeProduct } from './write-product.js';
import { Errors } from '../../errors/codes.js';

/** Words that routes use beside `:id`, so they cannot be product ids. */
const RESERVED_IDS = new Set(['count', 'export', 'import']);

export function checkPathId(id: string, body: JsonObject): void {
  if (!isValidId(id) || RESERVED_IDS.has(id)) {
    throw Errors.PRODUCT_ID_INVALID();
  }
  if (body.id !== undefined && body.id !== id) {
    throw Errors.PRODUCT_ID_MISMATCH();
  }
}

/**
 * POST /api/products and the create half of POST /api/products/:id.
 * `created` is false when upsert replaced an existing product.
 */
export async function createProduct(
  services: Services,
  caller: Caller,
  input: { id?: string; body: unknown; depth: Depth },
): Promise<{ product: WrittenProduct; created: boolean }> {
  const body = requireObjectBody(input.body);
  if (input.id !== undefined) checkPathId(input.id, body);
  const { user } = caller;
  const grant = await productGrant(services.config.access.products.create, { user, id: input.id, data: body });

  if (input.id !== undefined && services.config.products.upsert && (await services.storage.products.exists(input.id))) {
    return { product: await replaceProduct(services, caller, input.id, body, input.depth), created: false };
  }

  const id = input.id ?? generateId();
  const now = new Date().toISOString();
  let kept: Buffer | undefined;
  const { doc } = await writeProduct(services, user, {
    operation: 'create',
    data: withoutNulls(withoutServerFields(body)),
    server: { id, createdAt: now, updatedAt: now },
    write: async (record, written) => {
      if (!grantCovers(grant, written, record.row.doc)) throw denied(user);
      await services.storage.products.insert(record);
      kept = await services.readModel.keepWritten(record, 1, written);
      return true;
    },
  });
  await runHooks(services.config.hooks.products.afterChange, { doc: asData(doc), operation: 'create' as const, user });
  return { product: await writtenProduct(services, caller, doc, input.depth, kept), created: true };
}
