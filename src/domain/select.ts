import { ValidationError, type ErrorItem } from '../errors/api-error.js';
import { isPlainObject, type JsonObject } from './merge.js';

/** Field names to keep (`true`) or leave out (`false`), nested as the document nests. */
export type SelectTree = { [key: string]: boolean | SelectTree };

/**
 * Payload's `select`: in include mode a document keeps only the fields named `true` (and its
 * `id`); as soon as any field is named `false`, every field is kept except those.
 */
export interface Selection {
  mode: 'include' | 'exclude';
  tree: SelectTree;
}

const MAX_DEPTH = 16;
const MESSAGE = 'Must be an object of field names set to true or false (qs brackets), or a JSON-encoded one.';

function leafOf(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

function treeOf(value: unknown, path: string, depth: number, errors: ErrorItem[]): SelectTree | undefined {
  if (!isPlainObject(value) || Object.keys(value).length === 0) {
    errors.push({ field: path, message: MESSAGE });
    return undefined;
  }
  if (depth > MAX_DEPTH) {
    errors.push({ field: path, message: `Nested deeper than ${MAX_DEPTH} levels.` });
    return undefined;
  }
  const tree: SelectTree = Object.create(null) as SelectTree;
  for (const [key, entry] of Object.entries(value)) {
    const leaf = leafOf(entry);
    const subtree = leaf === undefined ? treeOf(entry, `${path}.${key}`, depth + 1, errors) : undefined;
    const chosen = leaf ?? subtree;
    if (chosen !== undefined) tree[key] = chosen;
  }
  return tree;
}

const excludes = (tree: SelectTree): boolean =>
  Object.values(tree).some((entry) => entry === false || (typeof entry === 'object' && excludes(entry)));

/** The `select` query parameter (qs object or JSON string); undefined when absent. Every problem → one 400. */
export function parseSelect(input: unknown): Selection | undefined {
  if (input === undefined) return undefined;
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new ValidationError([{ field: 'select', message: MESSAGE }]);
    }
  }
  const errors: ErrorItem[] = [];
  const tree = treeOf(value, 'select', 0, errors);
  if (errors.length > 0 || !tree) throw new ValidationError(errors);
  return { mode: excludes(tree) ? 'exclude' : 'include', tree };
}

function project(value: unknown, tree: SelectTree, mode: Selection['mode']): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, tree, mode));
  if (!isPlainObject(value)) return value;
  // The document's own key order, whatever order the selection names them in. Built with
  // fromEntries, which defines keys: a key `__proto__` a parsed document may hold stays a key.
  const kept: [string, unknown][] = [];
  for (const [key, entry] of Object.entries(value)) {
    const chosen = Object.hasOwn(tree, key) ? tree[key] : undefined;
    if (chosen === undefined) {
      if (mode === 'exclude') kept.push([key, entry]);
    } else if (typeof chosen === 'object') {
      kept.push([key, project(entry, chosen, mode)]);
    } else if (chosen) {
      kept.push([key, entry]);
    }
  }
  return Object.fromEntries(kept);
}

/** A document narrowed to a selection; in include mode it keeps its `id` too. */
export function applySelect(doc: object, { mode, tree }: Selection): JsonObject {
  const kept = project(doc, tree, mode) as JsonObject;
  const id: unknown = Object.hasOwn(doc, 'id') ? (doc as { id: unknown }).id : undefined;
  return mode === 'include' && id !== undefined && !Object.hasOwn(kept, 'id') ? { id, ...kept } : kept;
}

/** The document as it is without a selection, else narrowed to it. */
export const selected = (doc: object, selection: Selection | undefined): object => (selection ? applySelect(doc, selection) : doc);

/** A page of documents (Payload's envelope) with each doc narrowed to a selection. */
export function selectedDocs<Page extends { docs: readonly object[] }>(page: Page, selection: Selection | undefined): Page | (Omit<Page, 'docs'> & { docs: JsonObject[] }) {
  return selection ? { ...page, docs: page.docs.map((doc) => applySelect(doc, selection)) } : page;
}
