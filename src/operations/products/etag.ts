import { createHash } from 'node:crypto';

/** A strong ETag: a digest of the exact response bytes. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** `If-Match: "a", W/"b"` or `*`, compared strongly as RFC 9110 requires for If-Match. */
export function ifMatchSatisfied(header: string, tags: Set<string>): boolean {
  const wanted = header.split(',').map((tag) => tag.trim());
  return wanted.some((tag) => tag === '*' || tags.has(tag));
}

/** `If-None-Match` compares weakly: `W/"a"` matches `"a"`. */
export function ifNoneMatchSatisfied(header: string, etag: string): boolean {
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
}
