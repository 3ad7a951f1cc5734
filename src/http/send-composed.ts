import type { FastifyReply } from 'fastify';
import { giveBack } from '../operations/output-buffer.js';

/**
 * Sends a body composed in a borrowed buffer (see borrowBuffer) and gives the buffer back,
 * but only once the kernel holds every byte of it. If anything is still queued when `send`
 * returns (a client reading slowly, a pipelined response waiting for the one before it, an
 * asynchronous onSend hook), the buffer stays with that response and is left to the
 * garbage collector.
 */
export function sendComposed(reply: FastifyReply, body: Buffer): FastifyReply {
  reply.send(body);
  if (reply.raw.writableEnded && reply.raw.writableLength === 0) giveBack(body);
  return reply;
}
