import type { AccessFunction, AuthUser } from '../../config/types.js';
import { APIError } from '../../errors/api-error.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { asData } from '../../domain/product-document.js';
import type { JsonObject } from '../../domain/merge.js';
import { productFields } from '../../domain/product-fields.js';
import { matches } from '../../domain/where/matches.js';
import type { ProductReadRow } from '../../storage/products-repository.js';
import { accessNow, authorizeChange, missingTo, evaluateAccess, type Grant } from '../access.js';
import type { Services } from '../context.js';
import { toRecord } from '../../storage/product-record.js';
import { Errors } from '../../errors/codes.js';

export const productGrant = (rule: AccessFunction | undefined, args: Parameters<AccessFunction>[0]): Promise<Grant> =>
  evaluateAccess(rule, args, productFields);

/** productGrant without a wait when the rule answers without one (see accessNow). */
export const productGrantNow = (rule: AccessFunction | undefined, args: Parameters<AccessFunction>[0]): Grant | Promise<Grant> =>
  accessNow(rule, args, productFields);

/** Whether a grant covers a document; `docText` is its JSON when the caller has it (see toRecord). */
export function grantCovers(grant: Grant, doc: ProductDoc, docText?: string): boolean {
  if (grant.kind === 'all') return true;
  const record = toRecord(doc, docText);
  return matches(grant.where, { ...record.row, ...record.texts });
}

async function visibleTo(services: Services, user: AuthUser | null, doc: ProductDoc, docText: string): Promise<boolean> {
  try {
    return grantCovers(await productGrant(services.config.access.products.read, { user, id: doc.id, doc: asData(doc) }), doc, docText);
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}

export interface LoadedProduct {
  row: ProductReadRow;
  doc: ProductDoc;
}

/**
 * The product a write or an action is about, once the caller may change it (the rule is given
 * the request's `data`: a PATCH's or an upsert's body, an action's arguments):
 * missing → 404; anonymous and refused → 401; not readable by the caller → 404;
 * refused → 403.
 */
export async function loadForWrite(
  services: Services,
  user: AuthUser | null,
  id: string,
  rule: AccessFunction | undefined,
  action?: string,
  data?: JsonObject,
): Promise<LoadedProduct> {
  const missing = () => Errors.PRODUCT_NOT_FOUND(id);
  const row = await services.storage.products.get(id);
  if (!row) throw await missingTo(user, () => productGrant(rule, { user, id, data, action }), missing);
  const doc = JSON.parse(row.doc) as ProductDoc;
  await authorizeChange(
    user,
    async () => grantCovers(await productGrant(rule, { user, id, data, doc: asData(doc), action }), doc, row.doc),
    () => visibleTo(services, user, doc, row.doc),
    missing,
  );
  return { row, doc };
}
