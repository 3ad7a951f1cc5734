import { badRequest } from '../../errors/api-error.js';
import type { Depth } from '../../domain/list-query.js';
import { isPlainObject, type JsonObject } from '../../domain/merge.js';
import type { Caller, Services } from '../context.js';
import { applyAfterRead } from './read-hooks.js';
import { renderProducts, type RenderedProduct } from './render.js';

export function requireObjectBody(body: unknown): JsonObject {
  if (!isPlainObject(body)) throw badRequest('The request body must be a JSON object.');
  return body;
}

/** Renders one stored product for a response, as a read would. */
export async function renderOne(services: Services, caller: Caller, id: string, depth: Depth): Promise<RenderedProduct> {
  const row = await services.storage.products.get(id);
  if (!row) throw new Error(`Product ${id} vanished right after it was written`);
  const [doc] = await applyAfterRead(services, caller, await renderProducts(services, [row], depth));
  return doc as RenderedProduct;
}

