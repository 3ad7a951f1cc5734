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
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
