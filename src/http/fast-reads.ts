import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { ID_PATTERN } from '../domain/ids.js';
import type { Depth } from '../domain/list-query.js';
import type { Caller, Services } from '../operations/context.js';
import { ifNoneMatchSatisfied } from '../operations/products/etag.js';
import { readProduct } from '../operations/products/find-product.js';
import { API_HEADERS } from './security-headers.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const PREFIX = '/api/products/';
/** The query strings a plain read sends; any other goes through Fastify's parsing and validation. */
const DEPTHS: ReadonlyMap<string, Depth> = new Map([['', 1], ['depth=1', 1], ['depth=0', 0]]);
const ANONYMOUS: Caller = { user: null };
const SECURITY = Object.entries(API_HEADERS).flat();

/**
 * An anonymous `GET /api/products/:id` (no query, or `depth=0|1`) answered before Fastify
 * routes it: the same operation (readProduct) and the same bytes and headers as the route,
 * without the framework's per-request work (routing, hooks, validation, reply), which was most
 * of a cached read's CPU. Anything else, or any read that does not end in a 200 or 304, goes
 * to Fastify, which answers it (errors included) as it always has.
 *
 * It stands aside whenever a per-request policy would apply that only Fastify's hooks carry:
 * rate limits, request logs, CORS, credentials of any kind (an `Authorization` or `Cookie`
 * header), and while the server closes.
 */
export class FastReads {
  private services: Services | undefined;
  /** Requests answered here, 200s and 304s (for tests and diagnostics). */
  answered = 0;

  /** Starts answering reads for `services`, if its configuration leaves them free of per-request policies. */
  serve(services: Services, options: { logRequests: boolean }): void {
    const { config } = services;
    if (config.rateLimit !== false || config.cors.origins.length > 0 || options.logRequests) return;
    this.services = services;
  }

  /** Stops answering: every request goes to Fastify (which refuses them while it closes). */
  stop(): void {
    this.services = undefined;
  }

  /** The server's request listener: this, else Fastify's `handler`. */
  listener(handler: Handler): Handler {
    return (request, response) => {
      const depth = this.services && this.depthOf(request);
      if (depth === undefined) return handler(request, response);
      void this.answer(request, response, depth, handler);
    };
  }

  /** The depth a request this may answer asks for; undefined for any other request. */
  private depthOf(request: IncomingMessage): Depth | undefined {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined || !url.startsWith(PREFIX)) return undefined;
    const { headers } = request;
    if (headers.authorization !== undefined || headers.cookie !== undefined) return undefined;
    const mark = url.indexOf('?', PREFIX.length);
    const id = mark < 0 ? url.slice(PREFIX.length) : url.slice(PREFIX.length, mark);
    if (!ID_PATTERN.test(id)) return undefined;
    return DEPTHS.get(mark < 0 ? '' : url.slice(mark + 1));
  }

  private async answer(request: IncomingMessage, response: ServerResponse, depth: Depth, handler: Handler): Promise<void> {
    const services = this.services;
    const url = request.url as string;
    const mark = url.indexOf('?', PREFIX.length);
    const id = mark < 0 ? url.slice(PREFIX.length) : url.slice(PREFIX.length, mark);
    let read;
    try {
      if (!services) throw new Error('stopped');
      read = await readProduct(services, ANONYMOUS, id, depth);
    } catch {
      // A 404 or a failure: Fastify answers it in the contract's shape (reading again).
      return handler(request, response);
    }
    this.answered++;
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatchSatisfied(ifNoneMatch, read.etag)) {
      response.writeHead(304, [...SECURITY, 'etag', read.etag, 'cache-control', 'no-cache']);
      response.end();
      return;
    }
    response.writeHead(200, [
      ...SECURITY,
      'etag', read.etag,
      'cache-control', 'no-cache',
      'content-type', 'application/json; charset=utf-8',
      'content-length', String(Buffer.byteLength(read.body)),
    ]);
    response.end(read.body);
  }
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would create (its timeouts as Fastify
 * sets them from its options, defaults applied), with `reads` in front of Fastify's handler.
 */
export function serverWith(reads: FastReads) {
  return (handler: Handler, options: FastifyServerOptions): Server => {
    const server = createServer(reads.listener(handler));
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
