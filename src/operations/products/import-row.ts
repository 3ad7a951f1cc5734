import { ValidationError } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import { generateId } from '../../domain/ids.js';
import { isPlainObject, withoutNulls, type JsonObject } from '../../domain/merge.js';
import { ownerIdOf, withoutServerFields } from '../../domain/product-document.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { nextTimestamp } from '../../domain/timestamps.js';
import type { ProductRecord } from '../../storage/products-repository.js';
import { denied } from '../access.js';
import type { Caller, Services } from '../context.js';
import { checkPathId, createProduct } from './create-product.js';
import { grantCovers, loadForWrite, productGrant } from './product-access.js';
import { replaceProduct } from './update-product.js';
import { writeProduct } from './write-product.js';

/**
 * One row of an import, as POST /api/products/:id takes it (create; with `mode: upsert` an
 * existing id is replaced). `planRow` validates it through the same steps, hooks and rules as
 * that request (writeProduct), writing nothing: a dry run, the first pass of an atomic import,
 * and how an upsert finds a row equal to what is stored. `writeRow` writes it through the
 * operations themselves (createProduct, replaceProduct).
 */

export type ImportMode = 'create' | 'upsert';
export type RowStatus = 'created' | 'updated' | 'unchanged';

export interface ImportRowInput {
  /** The row's id, if it names one (it stays in `body` as well, as in a request body). */
  id?: string;
  body: JsonObject;
  mode: ImportMode;
  /** The importer is no account (the command line without --owner): each new product must name its owner. */
  ownerless?: boolean;
}

export interface RowOutcome {
  status: RowStatus;
  /** Undefined for a product a dry run would create with a generated id. */
  id?: string;
  /** The slug the product would have (planRow only). */
  slug?: string;
}

const sameProduct = (a: ProductDoc, b: ProductDoc): boolean => JSON.stringify({ ...a, updatedAt: '' }) === JSON.stringify({ ...b, updatedAt: '' });

const hasExplicitSlug = (data: JsonObject): boolean => isPlainObject(data.settings) && typeof data.settings.slug === 'string';

/** What a new product of the file needs beyond what POST /api/products/:id checks. */
function checkNew(services: Services, input: ImportRowInput): void {
  if (input.id === undefined && !services.config.products.createWithoutId) {
    throw new ValidationError([{ field: 'id', message: 'Required: this installation creates products with an id (products.createWithoutId is off).' }]);
  }
  const basic = input.body.basic;
  if (input.ownerless && ownerIdOf(isPlainObject(basic) ? basic.rent_owner : undefined) === undefined) {
    throw new ValidationError([{ field: 'basic.rent_owner', message: 'Required: the import runs as no account, so each new product names its owner (an account id).' }]);
  }
}

/** Whether a product other than `id` has the slug. */
async function slugHeldByOther(services: Services, slug: string, id: string): Promise<boolean> {
  const holders = await services.storage.products.idsWithSlug(slug);
  return holders.some((holder) => holder !== id);
}

/**
 * What a row would do, with nothing written. `slugs` holds the slugs that earlier rows of the
 * file take (by product id), which the database does not hold yet: a row whose explicit slug
 * one of them took would be a 409 when written, and is reported so.
 */
export async function planRow(
  services: Services,
  caller: Caller,
  input: ImportRowInput,
  slugs: ReadonlyMap<string, string>,
  /** Given what a new product's write would store, once every check passed (a batched import writes it later). */
  keep?: (record: ProductRecord, doc: ProductDoc) => void,
): Promise<RowOutcome> {
  const { user } = caller;
  const { id, body } = input;
  if (id !== undefined) checkPathId(id, body);
  const grant = await productGrant(services.config.access.products.create, { user, id, data: body });
  const exists = id !== undefined && (await services.storage.products.exists(id));
  if (exists && input.mode === 'create') throw Errors.PRODUCT_ID_TAKEN(id);
  if (!exists) checkNew(services, input);
  const data = withoutNulls(withoutServerFields(body));
  // The database refuses a taken explicit slug on a write; a derived one is renumbered instead.
  const slugFree = async (doc: ProductDoc): Promise<true> => {
    const slug = doc.settings.slug;
    if (!hasExplicitSlug(data)) return true;
    const holder = slugs.get(slug);
    if ((holder !== undefined && holder !== doc.id) || (await slugHeldByOther(services, slug, doc.id))) {
      throw Errors.SLUG_TAKEN(slug);
    }
    return true;
  };

  if (exists) {
    const { doc: current } = await loadForWrite(services, user, id, services.config.access.products.update);
    const { doc } = await writeProduct(services, user, {
      operation: 'update',
      data,
      originalDoc: current,
      server: {
        id,
        createdAt: current.createdAt,
        updatedAt: nextTimestamp(current.updatedAt),
        previousOwner: current.basic.rent_owner,
        // As PATCH: overlaps already stored (an imported block's conflicts) stay allowed.
        previousReservations: current.availability?.reservationDates,
      },
      write: async (_record, written) => slugFree(written),
    });
    return { status: sameProduct(doc, current) ? 'unchanged' : 'updated', id, slug: doc.settings.slug };
  }
  const now = new Date().toISOString();
  const { doc } = await writeProduct(services, user, {
    operation: 'create',
    data,
    server: { id: id ?? generateId(), createdAt: now, updatedAt: now },
    write: async (record, written) => {
      if (!grantCovers(grant, written, record.row.doc)) throw denied(user);
      await slugFree(written);
      keep?.(record, written);
      return true;
    },
  });
  return { status: 'created', id, slug: doc.settings.slug };
}

/**
 * Writes a row. An upsert of a stored product is planned first, so that a row equal to what is
 * stored is left alone (`unchanged`, no new updatedAt); `planned` is that plan when the caller
 * has it already.
 */
export async function writeRow(services: Services, caller: Caller, input: ImportRowInput, planned?: RowOutcome): Promise<RowOutcome & { id: string }> {
  const { id, body } = input;
  const exists = id !== undefined && (await services.storage.products.exists(id));
  if (exists && input.mode === 'upsert') {
    const plan = planned ?? (await planRow(services, caller, input, new Map()));
    if (plan.status === 'unchanged') return { ...plan, id };
    if (plan.status === 'updated') {
      const product = await replaceProduct(services, caller, id, body, 0);
      return { status: 'updated', id: product.id };
    }
  }
  // POST /api/products/:id would replace under `products.upsert`; an import in create mode never does.
  if (exists) throw Errors.PRODUCT_ID_TAKEN(id);
  checkNew(services, input);
  const { product } = await createProduct(services, caller, { id, body, depth: 0 });
  return { status: 'created', id: product.id };
}
