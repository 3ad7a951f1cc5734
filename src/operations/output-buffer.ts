/** Bodies up to this size are composed in a buffer that is kept for the next one. */
const MAX_KEPT = 4 * 1024 * 1024;
const MIN_KEPT = 128 * 1024;

let kept: Buffer | undefined;
/** The memory of the buffers lent out, so that only those are ever taken back. */
const lent = new WeakSet<ArrayBufferLike>();

/**
 * A buffer to compose a response of `length` bytes in. A new buffer for every response is
 * memory outside V8's heap; at thousands of responses a second that pressure alone forces a
 * full collection every few dozen milliseconds: a bare Fastify server answering a fresh copy
 * of an 84 KB body served half the requests of one answering the same bytes unchanged. So a
 * buffer given back (`giveBack`) is lent again; meanwhile other borrowers get new ones.
 */
export function borrowBuffer(length: number): Buffer {
  const buffer = kept !== undefined && kept.length >= length ? kept : Buffer.allocUnsafeSlow(length <= MAX_KEPT ? Math.max(MIN_KEPT, Math.min(MAX_KEPT, length * 2)) : length);
  kept = undefined;
  if (buffer.length <= MAX_KEPT) lent.add(buffer.buffer);
  return buffer;
}

/** Takes back the buffer a composed body was made in, once nothing will read that body again. */
export function giveBack(body: Buffer): void {
  if (lent.has(body.buffer)) kept = Buffer.from(body.buffer);
}

/** A part's bytes go into `target` at `at`; false when they are no longer at hand. */
export type CopyPart<T> = (part: T, target: Buffer, at: number) => boolean;

/** Parts one after another in a borrowed buffer; undefined (the buffer given back) if one could not be copied. */
export function compose<T extends { readonly length: number }>(parts: readonly T[], copy: CopyPart<T>): Buffer | undefined {
  let length = 0;
  for (const part of parts) length += part.length;
  const buffer = borrowBuffer(length);
  let at = 0;
  for (const part of parts) {
    if (!copy(part, buffer, at)) {
      giveBack(buffer);
      return undefined;
    }
    at += part.length;
  }
  return buffer.subarray(0, length);
}
