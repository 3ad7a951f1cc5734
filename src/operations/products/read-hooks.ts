import { transformThrough } from '../hooks.js';
import type { Caller, Services } from '../context.js';
import type { RenderedProduct } from '../../read-model/products/render.js';

export function hasAfterRead(services: Pick<Services, 'config'>): boolean {
  const hooks = services.config.hooks.products.afterRead;
  return hooks !== undefined && (!Array.isArray(hooks) || hooks.length > 0);
}

/** Runs the `afterRead` hooks over each document about to leave the service. */
export async function applyAfterRead(services: Services, caller: Caller, docs: RenderedProduct[]): Promise<RenderedProduct[]> {
  const hooks = services.config.hooks.products.afterRead;
  if (!hooks || !hasAfterRead(services)) return docs;
  const out: RenderedProduct[] = [];
  for (const doc of docs) out.push(await transformThrough(hooks, { doc, user: caller.user }, 'doc'));
  return out;
}
