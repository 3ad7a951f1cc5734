import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What one path of the feed server answers. */
export type FeedRoute =
  /** A feed (or any body); `etag` and `lastModified` make conditional requests answer 304. `chunked` leaves Content-Length out. */
  | { body: string | Buffer; status?: number; contentType?: string; etag?: string | false; lastModified?: Date; chunked?: boolean; delayMs?: number }
  /** Accepts the request and never answers (the connection stays open until the server closes). */
  | { hang: true }
  /** Sends the headers and the first bytes of a feed, then stalls. */
  | { stallAfter: string }
  /** A redirect to `location`. */
  | { redirect: string; status?: 301 | 302 | 303 | 307 | 308 };

/** A request as the feed server saw it. */
export interface SeenRequest {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  /** The status it was answered with (undefined while it hangs). */
  status?: number;
}

export interface FeedServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The absolute URL of a path on it. */
  url(path: string): string;
  /** Sets (or replaces) what a path answers. */
  serve(path: string, route: FeedRoute): void;
  /** Every request so far, oldest first. */
  readonly requests: SeenRequest[];
  /** The requests of one path. */
  requestsOf(path: string): SeenRequest[];
  /** The most requests of one path that were being answered at once. */
  mostAtOnce(path: string): number;
  close(): Promise<void>;
}

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** A strong ETag of a body, as many servers make them. */
const etagOf = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('hex')}"`;

/** Whether a conditional GET may be answered 304 (RFC 9110: If-None-Match first, else If-Modified-Since). */
function notModified(request: IncomingMessage, etag: string | undefined, lastModified: Date | undefined): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etag !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const since = request.headers['if-modified-since'];
  if (since === undefined || lastModified === undefined) return false;
  const time = Date.parse(since);
  return Number.isFinite(time) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(time / 1000);
}

/**
 * A real HTTP server on 127.0.0.1 that serves calendar feeds to the service under test: fixtures
 * with ETag / Last-Modified and 304s, and the misbehaviours a sync must survive (hangs, stalls,
 * redirects, huge bodies). Paths not set answer 404.
 */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedRoute>();
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();

  const answer = (request: IncomingMessage, response: ServerResponse, seen: SeenRequest) => {
    const route = routes.get(seen.path);
    const finish = (status: number) => {
      seen.status = status;
      response.statusCode = status;
    };
    if (!route) {
      finish(404);
      return response.end('not found');
    }
    if ('hang' in route) return undefined;
    if ('stallAfter' in route) {
      finish(200);
      response.setHeader('content-type', CALENDAR_TYPE);
      response.write(route.stallAfter);
      return undefined;
    }
    if ('redirect' in route) {
      finish(route.status ?? 302);
      response.setHeader('location', route.redirect);
      return response.end();
    }
    const etag = route.etag === false ? undefined : (route.etag ?? etagOf(route.body));
    if (etag) response.setHeader('etag', etag);
    if (route.lastModified) response.setHeader('last-modified', route.lastModified.toUTCString());
    if ((route.status ?? 200) === 200 && notModified(request, etag, route.lastModified)) {
      finish(304);
      return response.end();
    }
    finish(route.status ?? 200);
    response.setHeader('content-type', route.contentType ?? CALENDAR_TYPE);
    if (route.chunked) {
      // Without Content-Length the body's size shows only as it streams.
      const body = Buffer.from(route.body);
      const step = 64 * 1024;
      for (let offset = 0; offset < body.length; offset += step) response.write(body.subarray(offset, offset + step));
      return response.end();
    }
    response.setHeader('content-length', Buffer.byteLength(route.body));
    return response.end(route.body);
  };

  const server = createServer((request, response) => {
    const seen: SeenRequest = { path: new URL(request.url ?? '/', 'http://feed.test').pathname, method: request.method ?? 'GET', headers: request.headers };
    requests.push(seen);
    // A client that gives up closes its connection; nothing more to write then.
    response.on('error', () => {});
    const now = (inFlight.get(seen.path) ?? 0) + 1;
    inFlight.set(seen.path, now);
    peak.set(seen.path, Math.max(peak.get(seen.path) ?? 0, now));
    response.on('close', () => inFlight.set(seen.path, (inFlight.get(seen.path) ?? 1) - 1));
    const route = routes.get(seen.path);
    const delay = route && 'body' in route ? (route.delayMs ?? 0) : 0;
    if (delay > 0) setTimeout(() => answer(request, response, seen), delay);
    else answer(request, response, seen);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the feed server has no address');
  const origin = `http://127.0.0.1:${address.port}`;

  return {
    origin,
    url: (path) => `${origin}${path}`,
    serve: (path, route) => void routes.set(path, route),
    requests,
    requestsOf: (path) => requests.filter((request) => request.path === path),
    mostAtOnce: (path) => peak.get(path) ?? 0,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A valid calendar of at least `bytes` bytes: one-day events in the past (which a sync would
 * leave out), so that only a size limit, not its content, can refuse it.
 */
export function hugeFeed(bytes: number): string {
  const head = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Huge feed//EN\r\n';
  const events: string[] = [];
  let size = head.length;
  for (let index = 0; size < bytes; index++) {
    const day = new Date(Date.UTC(2000, 0, 1) + (index % 3650) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const event = `BEGIN:VEVENT\r\nUID:past-${index}@huge.test\r\nDTSTAMP:20000101T000000Z\r\nDTSTART;VALUE=DATE:${day}\r\nSUMMARY:${'x'.repeat(60)}\r\nEND:VEVENT\r\n`;
    events.push(event);
    size += event.length;
  }
  return `${head}${events.join('')}END:VCALENDAR\r\n`;
}
