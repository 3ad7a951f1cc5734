import { createServer, request as forward, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy on a loopback port in front of a real server (the S3 server), through which a
 * test fails chosen requests the way a store fails them in production: `failWhere` answers the
 * matching requests with a 500 InternalError (S3's own shape, which clients retry) and lets the
 * rest through untouched, headers included, so that signatures still hold. It records every
 * request it saw.
 */
export interface HttpFaultProxy {
  url: string;
  /** Method and path (with query) of every request, in order. */
  seen: string[];
  failWhere(matches: ((method: string, path: string) => boolean) | null): void;
  close(): Promise<void>;
}

export async function startHttpFaultProxy(target: string): Promise<HttpFaultProxy> {
  const { hostname, port } = new URL(target);
  const seen: string[] = [];
  let failing: ((method: string, path: string) => boolean) | null = null;
  const server = createServer((request: IncomingMessage, response) => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    seen.push(`${method} ${path}`);
    if (failing?.(method, path)) {
      request.resume();
      response.writeHead(500, { 'content-type': 'application/xml' });
      response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>Injected by the test.</Message></Error>');
      return;
    }
    const upstream = forward({ host: hostname, port, method, path, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    failWhere(matches) {
      failing = matches;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
