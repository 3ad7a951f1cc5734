import { isValidId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import { asData } from '../../domain/product-document.js';
import { runHooks } from '../hooks.js';
import { productLocks } from '../keyed-lock.js';
import type { Caller, Services } from '../context.js';
import { loadForWrite } from './product-access.js';
import { applyAfterRead } from './read-hooks.js';
import type { RenderedProduct } from '../../read-model/products/render.js';
import { Errors } from '../../errors/codes.js';
import { ifMatchSatisfied } from './etag.js';
import { currentEtags } from './find-product.js';

const ATTEMPTS = 5;

/** DELETE /api/products/:id: the product and its reservations go; its media stay. */
export async function deleteProduct(services: Services, caller: Caller, id: string, depth: Depth, ifMatch?: string): Promise<RenderedProduct> {
  if (!isValidId(id)) throw Errors.PRODUCT_NOT_FOUND(id);
  return productLocks.run(`product:${id}`, () => deleteLocked(services, caller, id, depth, ifMatch));
}

async function deleteLocked(services: Services, caller: Caller, id: string, depth: Depth, ifMatch: string | undefined): Promise<RenderedProduct> {
  const hooks = services.config.hooks.products;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { row, doc } = await loadForWrite(services, caller.user, id, services.config.access.products.delete);
    // If-Match as PATCH takes it (SPEC 1: a mismatch is 412): the delete of a version the client has not seen is refused.
    if (ifMatch !== undefined && !ifMatchSatisfied(ifMatch, await currentEtags(services, caller, row))) throw Errors.ETAG_MISMATCH();
    await runHooks(hooks.beforeDelete, { id, doc: asData(doc), user: caller.user });
    const [rendered] = await applyAfterRead(services, caller, await services.readModel.render([row], depth));
    if (await services.storage.products.delete(id, row.version)) {
      await runHooks(hooks.afterDelete, { id, doc: asData(doc), user: caller.user });
      return rendered as RenderedProduct;
    }
    if (ifMatch !== undefined) throw Errors.ETAG_OVERTAKEN();
  }
  throw Errors.PRODUCT_BUSY();
}
