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
import { UniqueViolation } from '../../storage/unique-violation.js';
import { ValidationError, type ErrorItem } from '../../errors/api-error.js';

/** Words that routes use beside `:id`, so they cannot be product ids. */
const RESERVED_IDS = new Set(['count', 'export', 'import']);

/** A path id that cannot be a product's is a 400 by itself. */
function checkPathIdValid(id: string): void {
  if (!isValidId(id) || RESERVED_IDS.has(id)) throw Errors.PRODUCT_ID_INVALID();
}

/** A body `id` other than the path's (null or none is left out, as server fields are). */
function idMismatch(id: string, body: JsonObject): ErrorItem[] {
  return body.id !== undefined && body.id !== null && body.id !== id ? Errors.PRODUCT_ID_MISMATCH().items : [];
}

export function checkPathId(id: string, body: JsonObject): void {
  checkPathIdValid(id);
  const [mismatch] = idMismatch(id, body);
  if (mismatch) throw new ValidationError([mismatch]);
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
  if (input.id !== undefined) checkPathIdValid(input.id);
  // Reported with the document's validation errors, once access has been checked (SPEC 1: every offending field).
  const refused = input.id !== undefined ? idMismatch(input.id, body) : [];
  const { user } = caller;
  const grant = await productGrant(services.config.access.products.create, { user, id: input.id, data: body });

  if (input.id !== undefined && services.config.products.upsert && (await services.storage.products.exists(input.id))) {
    return { product: await replaceProduct(services, caller, input.id, body, input.depth, refused), created: false };
  }

  const id = input.id ?? generateId();
  const now = new Date().toISOString();
  let kept: Buffer | undefined;
  const { doc } = await writeProduct(services, user, {
    operation: 'create',
    data: withoutNulls(withoutServerFields(body)),
    server: { id, createdAt: now, updatedAt: now },
    refused,
    write: async (record, written) => {
      if (!grantCovers(grant, written, record.row.doc)) throw denied(user);
      await services.storage.products.insert(record).catch(async (error: unknown) => {
        // Both taken: the id is what SPEC 3 names (whichever index the database checked first).
        if (error instanceof UniqueViolation && error.target === 'products.slug' && (await services.storage.products.exists(id))) throw Errors.PRODUCT_ID_TAKEN(id);
        throw error;
      });
      kept = await services.readModel.keepWritten(record, 1, written);
      return true;
    },
  });
  await runHooks(services.config.hooks.products.afterChange, { doc: asData(doc), operation: 'create' as const, user });
  return { product: await writtenProduct(services, caller, doc, input.depth, kept), created: true };
}
