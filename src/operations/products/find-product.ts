import { isValidId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import type { ProductReadRow } from '../../storage/products-repository.js';
import type { Caller, Services } from '../context.js';
import { etagOf } from './etag.js';
import { productGrantNow } from './product-access.js';
import type { Grant } from '../access.js';
import { applyAfterRead, hasAfterRead } from './read-hooks.js';
import type { Representation } from '../../read-model/products/product-read-model.js';
import { Errors } from '../../errors/codes.js';

export type { Representation };

const missing = (id: string) => Errors.PRODUCT_NOT_FOUND(id);

async function represent(services: Services, caller: Caller, row: ProductReadRow, depth: Depth): Promise<Representation> {
  const [doc] = await applyAfterRead(services, caller, await services.readModel.render([row], depth));
  const body = JSON.stringify(doc);
  return { body, etag: etagOf(body) };
}

/**
 * GET /api/products/:id: the product as the caller may see it (hidden and missing are both
 * 404), as response bytes. Access first; with afterRead hooks the row is read and rendered for
 * them, else the read model answers (its bytes do not depend on the caller). Without a wait
 * when the access rule answers without one and the read model holds the product: a read
 * answered from memory then costs no promise or turn of the event loop.
 */
export function readProduct(services: Services, caller: Caller, id: string, depth: Depth): Representation | Promise<Representation> {
  if (!isValidId(id)) throw missing(id);
  const grant = productGrantNow(services.config.access.products.read, { user: caller.user, id });
  return grant instanceof Promise ? grant.then((granted) => readGranted(services, caller, id, depth, granted)) : readGranted(services, caller, id, depth, grant);
}

function readGranted(services: Services, caller: Caller, id: string, depth: Depth, grant: Grant): Representation | Promise<Representation> {
  if (hasAfterRead(services)) return readForHooks(services, caller, id, depth, grant);
  const read = services.readModel.product(id, depth, grant);
  if (read instanceof Promise) return read.then((found) => found ?? Promise.reject(missing(id)));
  if (!read) throw missing(id);
  return read;
}

async function readForHooks(services: Services, caller: Caller, id: string, depth: Depth, grant: Grant): Promise<Representation> {
  const row = await services.storage.products.get(id, grant.kind === 'filter' ? grant.where : undefined);
  if (!row) throw missing(id);
  return represent(services, caller, row, depth);
}

/** The tags a client may hold for a stored product: its representations at depth 0 and 1. */
export async function currentEtags(services: Services, caller: Caller, row: ProductReadRow): Promise<Set<string>> {
  const tags = new Set<string>();
  for (const depth of [0, 1] as const) tags.add((await represent(services, caller, row, depth)).etag);
  return tags;
}
