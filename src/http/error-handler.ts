import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_HEADERS } from './security-headers.js';
import { APIError, asClientError, withCodes, type ErrorItem } from '../errors/api-error.js';
import { Errors } from '../errors/codes.js';
import { isDatabaseUnavailable } from '../storage/unavailable.js';
import { MediaStorageUnavailable } from '../storage/media-store.js';

/** How long a client is told to wait before it retries against a database that is unavailable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = '1';

export function sendErrors(reply: FastifyReply, status: number, items: ErrorItem[], headers: Record<string, string> = {}): FastifyReply {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send({ errors: withCodes(items, status) });
}

/** Fastify's own client errors, in our words and codes (the rest take their status's code). */
const FRAMEWORK_ERRORS: Record<string, ErrorItem> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is larger than the limit.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'Unsupported Content-Type; send application/json.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The body is empty but its Content-Type says JSON.', code: 'BODY_EMPTY' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'The Content-Length does not match the body.', code: 'CONTENT_LENGTH_MISMATCH' },
  FST_ERR_CTP_INVALID_JSON_BODY: Errors.INVALID_JSON.item(),
};

/**
 * What the router refuses before any route or hook runs (a path whose percent-encoding is
 * broken, `/api/products/%zz`; a parameter past its length): in the contract's shape, with the
 * headers every API response has, instead of Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The path is not valid: a % must be followed by two hexadecimal digits.' : 'The path is too long.';
  void sendErrors(reply.headers(API_HEADERS), status, [{ message }]);
}

/** Every failure leaves in the contract's shape; a fault's details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof APIError ? error : undefined;
    if (known) return sendErrors(reply, known.status, known.items, known.headers);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const headers: Record<string, string> = {};
      const retryAfter = reply.getHeader('retry-after');
      if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
      // A 416 of the file server says how long the file is (RFC 9110 15.5.17: Content-Range: bytes */size).
      const range = (error as { headers?: Record<string, unknown> }).headers?.['Content-Range'];
      if (typeof range === 'string') headers['content-range'] = range;
      return sendErrors(reply, status, [FRAMEWORK_ERRORS[error.code] ?? { message: error.message }], headers);
    }
    const clientError = asClientError(error);
    if (clientError) return sendErrors(reply, clientError.status, clientError.items);
    if (error instanceof MediaStorageUnavailable) {
      request.log.warn({ err: error }, 'media storage unavailable');
      return sendErrors(reply, 503, [{ message: 'The media storage is unavailable right now; try again shortly.' }], { 'retry-after': UNAVAILABLE_RETRY_AFTER_SECONDS });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendErrors(reply, 503, [{ message: 'The database is unavailable right now; try again shortly.' }], { 'retry-after': UNAVAILABLE_RETRY_AFTER_SECONDS });
    }
    request.log.error({ err: error }, 'request failed');
    return sendErrors(reply, 500, [{ message: 'Something went wrong on our side.' }]);
  });
}
