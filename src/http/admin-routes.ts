import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { sendErrors } from './error-handler.js';
import { addHeaders, helmetHeaders } from './security-headers.js';

/** dist/admin/, which scripts/build-admin.mjs writes; the same place from src/http and dist/http. */
export const ADMIN_DIR = join(fileURLToPath(new URL('../..', import.meta.url)), 'dist', 'admin');

/**
 * The dashboard's pages run only the bundle's own files: no inline script or style, no other
 * origin, no framing. Images may be blob: URLs (the previews of files about to be uploaded).
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * GET /admin and every path under it (the dashboard's own routes, resolved in the browser)
 * answer the one index.html, never cached; /admin/assets/ holds the hashed bundle, cached for
 * a year and immutable (a new build has new names), sent gzip- or brotli-compressed as the
 * client accepts. Nothing here reads or needs a session: the page asks the API who is signed in.
 */
export function adminRoutes(dir = ADMIN_DIR) {
  return async function register(root: FastifyInstance): Promise<void> {
    await root.register(dashboard, { prefix: '/admin' });
  };

  async function dashboard(app: FastifyInstance): Promise<void> {
    addHeaders(app, { ...helmetHeaders(), 'content-security-policy': DASHBOARD_CSP });
    // Every path under /admin is a page for GET (the dashboard resolves it), so another method
    // is a 405 (SPEC 1); a GET that finds nothing is a missing asset, a plain 404.
    const noRoute = (method: string, url: string) => [{ message: `No route ${method} ${url.split('?')[0]}.` }];
    app.setNotFoundHandler((request, reply) =>
      request.method === 'GET' || request.method === 'HEAD'
        ? sendErrors(reply, 404, noRoute(request.method, request.url))
        : sendErrors(reply, 405, [{ message: `${request.method} is not supported here; the dashboard's pages answer GET.` }], { allow: 'GET, HEAD' }),
    );
    // A path the static files refuse (`..` in it, encoded or not) names no file: a 404, not the 403 of an access rule.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.statusCode === 403) return sendErrors(reply, 404, noRoute(request.method, request.url));
      throw error;
    });

    await app.register(fastifyStatic, {
      root: join(dir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      immutable: true,
      maxAge: YEAR_MS,
      schemaHide: true,
    });

    let page: Promise<Buffer> | undefined;
    const sendPage = async (reply: FastifyReply) => {
      page ??= readFile(join(dir, 'index.html'));
      let html: Buffer;
      try {
        html = await page;
      } catch {
        page = undefined;
        return sendErrors(reply, 404, [{ message: 'The dashboard has not been built: run `npm run build`.' }]);
      }
      return reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    };
    const hidden = { schema: { hide: true } };
    app.get('/', hidden, (_request, reply) => sendPage(reply));
    app.get('/*', hidden, (_request, reply) => sendPage(reply));
  }
}
