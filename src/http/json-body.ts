import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../errors/codes.js';
import { checkJsonShape } from '../domain/json-shape.js';

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw Errors.INVALID_JSON();
  }
  checkJsonShape(value);
  return value;
}

/**
 * The only body format besides media uploads: JSON, parsed strictly. Every other
 * Content-Type (text/plain included) has no parser, so Fastify answers 415.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      // Decoded leniently, a byte that is not UTF-8 would be stored as U+FFFD in place of the letter it was meant to be.
      if (!isUtf8(body as Buffer)) throw Errors.BODY_NOT_UTF8();
      done(null, parseJsonBody((body as Buffer).toString('utf8')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
