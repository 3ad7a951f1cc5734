import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { codeOfStatus } from '../errors/api-error.js';

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (a request line or headers
 * over the size limit, malformed HTTP) still get the contract's error shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = status === 431 ? 'The request line or headers are too large.' : status === 408 ? 'The request took too long to arrive.' : 'The request is not valid HTTP.';
  const body = JSON.stringify({ errors: [{ message, code: codeOfStatus(status) }] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
