import type { FastifyReply } from 'fastify';

/** Bodies up to this size are composed in a buffer that is kept for the next one. */
const MAX_KEPT = 4 * 1024 * 1024;
const MIN_KEPT = 128 * 1024;

let kept: Buffer | undefined;

/**
 * Sends a body given as consecutive parts (a list page is ~80 KB of cached document bytes).
 * A new buffer for every response is memory outside V8's heap; at thousands of responses a
 * second that pressure alone forces a full collection every few dozen milliseconds: a bare
 * Fastify server answering a fresh copy of an 84 KB body served half the requests of one
 * answering the same bytes unchanged. So the parts are copied into one buffer that is used
 * again for the next response, but only once the kernel holds every byte of this one. If
 * anything is still queued when `send` returns (a client reading slowly, a pipelined response
 * waiting for the one before it, an asynchronous onSend hook), the buffer stays with that
 * response and the next response gets a new one.
 */
export function sendParts(reply: FastifyReply, parts: readonly Buffer[]): FastifyReply {
  let length = 0;
  for (const part of parts) length += part.length;
  const buffer = kept !== undefined && kept.length >= length ? kept : Buffer.allocUnsafeSlow(length <= MAX_KEPT ? Math.max(MIN_KEPT, Math.min(MAX_KEPT, length * 2)) : length);
  kept = undefined;
  let at = 0;
  for (const part of parts) at += part.copy(buffer, at);
  reply.send(buffer.subarray(0, length));
  if (buffer.length <= MAX_KEPT && reply.raw.writableEnded && reply.raw.writableLength === 0) kept = buffer;
  return reply;
}
