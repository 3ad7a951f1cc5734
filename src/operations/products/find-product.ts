import { notFound } from '../../errors/api-error.js';
import { isValidId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import type { Caller, Services } from '../context.js';
import { productGrant } from './product-access.js';
import { applyAfterRead } from './read-hooks.js';
import { renderProducts, type RenderedProduct } from './render.js';

/** One product as the caller may see it; hidden and missing are both 404. */
export async function findProductById(services: Services, caller: Caller, id: string, depth: Depth): Promise<RenderedProduct> {
  if (!isValidId(id)) throw notFound(`No product has the id \`${id}\`.`);
  const grant = await productGrant(services.config.access.products.read, { user: caller.user, id });
  const row = await services.storage.products.get(id, grant.kind === 'filter' ? grant.where : undefined);
  if (!row) throw notFound(`No product has the id \`${id}\`.`);
  const [doc] = await applyAfterRead(services, caller, await renderProducts(services, [row], depth));
  return doc as RenderedProduct;
}
