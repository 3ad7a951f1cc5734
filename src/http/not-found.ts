import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance } from 'fastify';
import { sendErrors } from './error-handler.js';
import { Errors } from '../errors/codes.js';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Whether the route hides itself from the OpenAPI document (the document's own route). */
  hidden: boolean;
}

/**
 * Unknown routes are 404; known paths asked with a method they lack are 405 with `Allow`.
 * A second router mirrors the routes so a path can be matched independently of its method.
 * Returns the list of routes registered, filled as the app registers them.
 */
export function registerNotFound(app: FastifyInstance): RegisteredRoute[] {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  const registered: RegisteredRoute[] = [];
  /** The methods of each path without parameters: `/api/products/export` is that route's, not `/api/products/:id`'s. */
  const exact = new Map<string, HTTPMethod[]>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) {
      registered.push({ method, url: route.url, hidden });
      if (!/[:*]/.test(route.url) && METHODS.includes(method as HTTPMethod)) exact.set(route.url, [...(exact.get(route.url) ?? []), method as HTTPMethod]);
      if (METHODS.includes(method as HTTPMethod) && !router.hasRoute(method as HTTPMethod, route.url)) {
        router.on(method as HTTPMethod, route.url, () => undefined);
      }
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const own = exact.get(path.length > 1 ? path.replace(/\/$/, '') : path);
    const allowed = METHODS.filter((method) => (own ? own.includes(method) : router.find(method, path) !== null));
    if (allowed.length > 0) {
      const refusal = Errors.METHOD_NOT_ALLOWED(`${request.method} is not supported here; use ${allowed.join(', ')}.`, allowed);
      return sendErrors(reply, 405, refusal.items, refusal.headers);
    }
    return sendErrors(reply, 404, [Errors.ROUTE_NOT_FOUND.item(request.method, path)]);
  });
  return registered;
}
