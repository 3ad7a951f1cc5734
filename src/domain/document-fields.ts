import { isPlainObject } from './merge.js';

/** What the server sets on every document and shows in its answers. */
const DOCUMENT_FIELDS = ['id', 'createdAt', 'updatedAt'];

/**
 * A request body without the fields the server sets, which are ignored in request bodies as
 * SPEC 2 says of products: a client that sends back what it read (a Payload form, an edit of a
 * fetched document) is not refused for them. Anything that is not an object is left as it is.
 */
export function withoutDocumentFields<T>(body: T): T {
  if (!isPlainObject(body) || !DOCUMENT_FIELDS.some((key) => key in body)) return body;
  const rest: Record<string, unknown> = { ...body };
  for (const key of DOCUMENT_FIELDS) delete rest[key];
  return rest as T;
}
