import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { ID_PATTERN } from '../domain/ids.js';
import type { Depth } from '../domain/list-query.js';
import type { Caller, Services } from '../operations/context.js';
import { ifNoneMatchSatisfied } from '../operations/products/etag.js';
import { readProduct, type Representation } from '../operations/products/find-product.js';
import { productAvailability } from '../operations/rental/product-availability.js';
import { quoteProduct } from '../operations/rental/quote-product.js';
import { API_HEADERS } from './security-headers.js';
import { refuseWithoutHost } from './host-required.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** What a read answered here sends: a 200 with its body, or a 304; headers beside the API's own. */
interface Answer {
  status: 200 | 304;
  headers: string[];
  body?: string | Buffer;
}

/**
 * A read this answers: the product's id and what the request's query string asks for, checked
 * enough to be passed on. Without a wait when the answer is in memory (see readProduct).
 */
type Read = (services: Services, id: string, request: IncomingMessage) => Answer | Promise<Answer>;

const PREFIX = '/api/products/';
const ANONYMOUS: Caller = { user: null };
const SECURITY = Object.entries(API_HEADERS).flat();
const JSON_TYPE = 'application/json; charset=utf-8';

/** `depth` as a plain read sends it; any other query goes through Fastify's parsing and validation. */
const DEPTHS: ReadonlyMap<string, Depth> = new Map([['', 1], ['depth=1', 1], ['depth=0', 0]]);
/**
 * `from` and `to`, each at most once, in characters that no query-string decoding changes
 * (no `%`, no `+`, which decodes to a space): these reach the operation as Fastify's parser
 * would give them; anything else is Fastify's to parse.
 */
const INTERVAL = /^(?:(from|to)=([\w:.-]*)(?:&(?!\1=)(from|to)=([\w:.-]*))?)?$/;

function productRead(depth: Depth): Read {
  return (services, id, request) => {
    const read = readProduct(services, ANONYMOUS, id, depth);
    return read instanceof Promise ? read.then((found) => productAnswer(found, request)) : productAnswer(read, request);
  };
}

function productAnswer(read: Representation, request: IncomingMessage): Answer {
  const headers = ['etag', read.etag, 'cache-control', 'no-cache'];
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatchSatisfied(ifNoneMatch, read.etag)) return { status: 304, headers };
  headers.push('content-type', JSON_TYPE);
  return { status: 200, headers, body: read.body };
}
const READS: ReadonlyMap<string, Read> = new Map([...DEPTHS].map(([query, depth]) => [query, productRead(depth)]));

/** The interval of a quote's or a calendar's query string, as the route's parser gives it; undefined: not for this. */
function intervalOf(query: string): Record<string, string> | undefined {
  const match = INTERVAL.exec(query);
  if (!match) return undefined;
  const [, first, firstValue, second, secondValue] = match;
  const interval: Record<string, string> = {};
  if (first !== undefined) interval[first] = firstValue as string;
  if (second !== undefined) interval[second] = secondValue as string;
  return interval;
}

/** A 200 with a JSON body, as the route sends it. */
const jsonAnswer = (json: string): Answer => ({ status: 200, headers: ['content-type', JSON_TYPE], body: json });

/** The read a request asks for, if this answers it. */
function readOf(url: string): { id: string; read: Read } | undefined {
  const mark = url.indexOf('?', PREFIX.length);
  const path = mark < 0 ? url.slice(PREFIX.length) : url.slice(PREFIX.length, mark);
  const query = mark < 0 ? '' : url.slice(mark + 1);
  const slash = path.indexOf('/');
  const id = slash < 0 ? path : path.slice(0, slash);
  if (!ID_PATTERN.test(id)) return undefined;
  if (slash < 0) {
    const read = READS.get(query);
    return read && { id, read };
  }
  const what = path.slice(slash);
  if (what !== '/quote' && what !== '/availability') return undefined;
  const interval = intervalOf(query);
  if (!interval) return undefined;
  const read: Read = async (services) =>
    // The quote route's serializer is JSON.stringify; the calendar's operation writes its JSON itself.
    jsonAnswer(what === '/quote' ? JSON.stringify(await quoteProduct(services, ANONYMOUS, id, interval)) : await productAvailability(services, ANONYMOUS, id, interval));
  return { id, read };
}

/**
 * Anonymous reads of one product answered before Fastify routes them: `GET /api/products/:id`
 * (no query, or `depth=0|1`), its quote and its availability calendar (`from`/`to` in plain
 * characters). Each calls the route's own operation and sends the route's bytes and headers,
 * without the framework's per-request work (routing, hooks, validation, reply): up to a quarter
 * of a read's CPU while the caches warm, within noise once warm. Anything else, and any read
 * that does not end in a 200 or 304 (a 404, a 400, a failure), goes to Fastify, which answers
 * it as it always has.
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
      const services = this.services;
      const { url, headers } = request;
      const found =
        services && request.method === 'GET' && url?.startsWith(PREFIX) && headers.authorization === undefined && headers.cookie === undefined
          ? readOf(url)
          : undefined;
      if (!services || !found) return handler(request, response);
      // A 404, a 400 or a failure: Fastify answers it in the contract's shape (reading again).
      let answer: Answer | Promise<Answer>;
      try {
        answer = found.read(services, found.id, request);
      } catch {
        return handler(request, response);
      }
      if (answer instanceof Promise) answer.then((answered) => this.send(answered, response), () => handler(request, response));
      else this.send(answer, response);
    };
  }

  private send(answer: Answer, response: ServerResponse): void {
    this.answered++;
    const { body } = answer;
    const headers = SECURITY.concat(answer.headers);
    if (body !== undefined) headers.push('content-length', String(Buffer.byteLength(body)));
    response.writeHead(answer.status, headers);
    response.end(body);
  }
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would create (its timeouts as Fastify
 * sets them from its options, defaults applied), with `reads` in front of Fastify's handler.
 */
export function serverWith(reads: FastReads) {
  return (handler: Handler, options: FastifyServerOptions): Server => {
    const listener = reads.listener(handler);
    // Node answers an HTTP/1.1 request without Host itself, with an empty body: it gets the contract's error shape here instead.
    const server = createServer({ requireHostHeader: false }, (request, response) => {
      if (request.headers.host === undefined && request.httpVersionMajor === 1 && request.httpVersionMinor >= 1) return refuseWithoutHost(response);
      listener(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
