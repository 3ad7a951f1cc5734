import { stringifyAscii } from '../domain/ascii-json.js';
import type { JsonObject } from '../domain/merge.js';
import { applySelect, parseSelect, selectedDocs, type Selection } from '../domain/select.js';
import { giveBack } from '../operations/output-buffer.js';
import { parseTogether } from './parse-together.js';

/*
 * `select` narrows a response after it is made: the bodies the caches keep are whole
 * documents, so a selection parses one and writes the fields it keeps.
 */

/** A request's other parameters and its `select`, the problems of both in one 400 (no `select`: one comparison). */
export const withSelection = <T>(query: Record<string, unknown>, parse: () => T): [T, Selection | undefined] =>
  query.select === undefined ? [parse(), undefined] : parseTogether(parse, () => parseSelect(query.select));

/** Bodies are ASCII JSON, as a string or as bytes. */
const textOf = (body: string | Buffer): string => (typeof body === 'string' ? body : body.toString('latin1'));

/** A product's JSON narrowed to a selection. */
export function selectedProduct(body: string | Buffer, selection: Selection): string {
  return stringifyAscii(applySelect(JSON.parse(textOf(body)) as JsonObject, selection));
}

/** A list page's JSON with each of its docs narrowed to a selection. */
export function selectedPage(body: string | Buffer, selection: Selection): string {
  const page = JSON.parse(textOf(body)) as JsonObject & { docs: JsonObject[] };
  if (typeof body !== 'string') giveBack(body);
  return stringifyAscii(selectedDocs(page, selection));
}
