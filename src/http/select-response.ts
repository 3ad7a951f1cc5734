import type { JsonObject } from '../domain/merge.js';
import { applySelect, parseSelect, selected, selectedDocs, type Selection } from '../domain/select.js';
import { giveBack } from '../operations/output-buffer.js';

/*
 * `select` narrows a response after it is made: the bodies the caches keep are whole
 * documents, so a selection parses one and writes the fields it keeps.
 */

/**
 * The document an operation answers with, narrowed to the request's `select`, which is
 * checked before the operation runs: a write with a malformed one stores nothing.
 */
export async function selectedAnswer(query: Record<string, unknown>, operation: () => Promise<object>): Promise<object> {
  const selection = parseSelect(query.select);
  return selected(await operation(), selection);
}

/** Bodies are JSON, as a string or as UTF-8 bytes. */
export const textOf = (body: string | Buffer): string => (typeof body === 'string' ? body : body.toString('utf8'));

/** A product's JSON narrowed to a selection. */
export function selectedProduct(body: string | Buffer, selection: Selection): string {
  return JSON.stringify(applySelect(JSON.parse(textOf(body)) as JsonObject, selection));
}

/** A list page's JSON with each of its docs narrowed to a selection. */
export function selectedPage(body: string | Buffer, selection: Selection): string {
  const page = JSON.parse(textOf(body)) as JsonObject & { docs: JsonObject[] };
  if (typeof body !== 'string') giveBack(body);
  return JSON.stringify(selectedDocs(page, selection));
}
