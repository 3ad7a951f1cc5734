import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../domain/schema-validator.js';

/**
 * Checks every JSON response against the response schema its route declares for its status,
 * and reports each mismatch (the tests turn them into failures: test/helpers/server.ts). The
 * service serialises responses as they are, not through those schemas, so this is what keeps
 * the OpenAPI document true of what is sent. Not for production: it parses every body.
 */
export function checkResponses(app: FastifyInstance, shared: TSchema[], report: (problem: string) => void): void {
  const whole = checker(shared, (schema) => schema);
  // With `select`, documents hold only the fields asked for: every field is then optional.
  const selected = checker(shared, withoutRequired);

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const responses = (request.routeOptions.schema as { response?: Record<string, object> } | undefined)?.response;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!responses || !type.startsWith('application/json') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const where = `${request.method} ${request.url} → ${reply.statusCode}`;
    const schema = responses[reply.statusCode] ?? responses[`${String(reply.statusCode)[0]}xx`];
    if (!schema) {
      report(`${where}: the route declares no response schema for this status`);
      return payload;
    }
    const { validatorOf, ajv } = (request.query as { select?: unknown } | undefined)?.select === undefined ? whole : selected;
    const validate = validatorOf(schema);
    if (!validate(JSON.parse(payload.toString()))) report(`${where}: ${ajv.errorsText(validate.errors)}`);
    return payload;
  });
}

/** A schema with no property required, at any depth. */
function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key, value]) => !(key === 'required' && Array.isArray(value))).map(([key, value]) => [key, withoutRequired(value)]));
}

/** Validators of response schemas, each compiled once, with the shared schemas `$ref`s name (transformed alike). */
function checker(shared: TSchema[], transform: (schema: unknown) => unknown) {
  const ajv = createAjv({ coerceTypes: false });
  for (const schema of shared) ajv.addSchema(transform(schema) as object);
  const compiled = new WeakMap<object, ValidateFunction>();
  const validatorOf = (schema: object): ValidateFunction => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(transform(schema) as object);
      compiled.set(schema, validate);
    }
    return validate;
  };
  return { ajv, validatorOf };
}
