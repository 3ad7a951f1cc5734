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
export function registerNotFound(app: FastifyInstance): { routes: RegisteredRoute[]; refuseShadowedMethods(): void } {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  const registered: RegisteredRoute[] = [];
  /** The methods of each path without parameters: `/api/products/export` is that route's, not `/api/products/:id`'s. */
  const exact = new Map<string, HTTPMethod[]>();
  app.addHook('onRoute', (route) => {
    if ((route.config as { refusal?: boolean } | undefined)?.refusal) return;
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
  /**
   * A fixed path refuses the methods it lacks with 405 even where a route with a parameter
   * would take them (`GET /api/rents/login` is not the account `login`, `GET
   * /api/products/import` not the product `import`): those methods are registered on the fixed
   * path, to refuse. `POST /api/products/<fixed>` stays a create with that id, which is a 400
   * (SPEC 3: `count` is no usable product id). Called once every route is registered.
   */
  const refuseShadowedMethods = () => {
    for (const [path, methods] of exact) {
      const allowed = METHODS.filter((method) => methods.includes(method));
      for (const method of METHODS) {
        if (method === 'HEAD' || method === 'OPTIONS' || methods.includes(method) || router.find(method, path) === null) continue;
        if (method === 'POST' && path.startsWith('/api/products/')) continue;
        app.route({
          method,
          url: path,
          config: { refusal: true },
          schema: { hide: true },
          handler: (request, reply) => {
            const refusal = Errors.METHOD_NOT_ALLOWED(`${request.method} is not supported here; use ${allowed.join(', ')}.`, allowed);
            return sendErrors(reply, 405, refusal.items, refusal.headers);
          },
        });
      }
    }
  };
  return { routes: registered, refuseShadowedMethods };
}
