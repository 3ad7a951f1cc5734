import type { Depth } from '../../domain/list-query.js';
import { isPlainObject, type JsonObject } from '../../domain/merge.js';
import type { Caller, Services } from '../context.js';
import { applyAfterRead } from './read-hooks.js';
import type { RenderedProduct } from '../../read-model/products/render.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { Errors } from '../../errors/codes.js';

export function requireObjectBody(body: unknown): JsonObject {
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  return body;
}

/**
 * Renders a product this request has just written for its response, as a read would: from
 * the written document, not read back (the JSON stored is exactly that document's).
 */
export async function renderOne(services: Services, caller: Caller, doc: ProductDoc, depth: Depth): Promise<RenderedProduct> {
  const [rendered] = await applyAfterRead(services, caller, [await services.readModel.renderWritten(doc, depth)]);
  return rendered as RenderedProduct;
}

/**
 * A product a request has just written, as its response shows it: its id and its JSON, the
 * bytes kept for reads (sent as they are, never decoded into a string) or a rendered text.
 */
export interface WrittenProduct {
  id: string;
  json: string | Buffer;
}

/** The response to a write: at depth 1 the body kept for reads when it was (see keepWritten), else rendered. */
export async function writtenProduct(services: Services, caller: Caller, doc: ProductDoc, depth: Depth, kept: Buffer | undefined): Promise<WrittenProduct> {
  const json = kept !== undefined && depth === 1 ? kept : JSON.stringify(await renderOne(services, caller, doc, depth));
  return { id: doc.id, json };
}
