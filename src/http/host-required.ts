import type { ServerResponse } from 'node:http';
import { codeOfStatus } from '../errors/api-error.js';

const NO_HOST = JSON.stringify({ errors: [{ message: 'An HTTP/1.1 request needs a Host header.', code: codeOfStatus(400) }] });

/**
 * The answer to an HTTP/1.1 request without a Host header (RFC 9112: a 400). Node would send
 * it itself, with an empty body; this one has the contract's error shape (SPEC 1).
 */
export function refuseWithoutHost(response: ServerResponse): void {
  response.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(NO_HOST), connection: 'close' });
  response.end(NO_HOST);
}
