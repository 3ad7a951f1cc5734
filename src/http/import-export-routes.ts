import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseListQuery } from '../domain/parse-list-query.js';
import { productFields } from '../domain/product-fields.js';
import { APIError, ValidationError, collectingErrors, type ErrorItem } from '../errors/api-error.js';
import { Errors } from '../errors/codes.js';
import { streamedBody, validatedByOperation } from './request-validation.js';
import type { Caller, Services } from '../operations/context.js';
import { EXPORT_FORMATS, EXPORT_TYPES, exportText, type ExportFormat } from '../operations/products/export-formats.js';
import { exportProducts, type ExportQuery } from '../operations/products/export-products.js';
import { importProducts, type ImportOptions } from '../operations/products/import-products.js';
import { IMPORT_FORMATS, type ImportFormat } from '../operations/products/import-sources.js';
import { asUtf8, encodingOf } from '../operations/products/import-encoding.js';
import { productGrant } from '../operations/products/product-access.js';
import { ExportQuerySchema, ImportBodySchema, ImportQuerySchema, ImportReportSchema, exportResponse } from './schemas/import-export.js';
import { bearerSecurity, errorResponses } from './schemas/common.js';

/**
 * GET /api/products/export and POST /api/products/import (docs/import-export.md). Both paths
 * are static, so they are matched before `/api/products/:id`, and `export` and `import` are
 * reserved words that no product may take as its id.
 */

type Query = Record<string, unknown>;

function flag(value: unknown, field: string, errors: ErrorItem[]): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  errors.push({ field, message: 'Must be true or false.' });
  return false;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string, errors: ErrorItem[]): T | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  errors.push({ field, message: `Must be one of ${allowed.join(', ')}.` });
  return undefined;
}

/** The export's own parameters and the list's filters and sort, every bad one named in one 400. */
function exportQueryOf(raw: Query, maxLimit: number): { format: ExportFormat; bom: boolean; query: ExportQuery } {
  const errors: ErrorItem[] = [];
  const format = oneOf(raw.format, EXPORT_FORMATS, 'format', errors) ?? 'csv';
  const bom = flag(raw.bom, 'bom', errors);
  if (bom && format !== 'csv') errors.push({ field: 'bom', message: 'Only a CSV file begins with a byte order mark.' });
  const { where, q, availableFrom, availableTo, sort } = raw;
  const list = collectingErrors(() => parseListQuery({ where, q, availableFrom, availableTo, sort }, productFields, { maxLimit, defaultSort: '-createdAt' }), errors);
  if (errors.length > 0 || !list) throw new ValidationError(errors);
  return { format, bom, query: { where: list.where, sort: list.sort, searchWords: list.searchWords, available: list.available } };
}

function importOptionsOf(raw: Query): Omit<ImportOptions, 'format'> & { format?: ImportFormat } {
  const errors: ErrorItem[] = [];
  const options = {
    mode: oneOf(raw.mode, ['create', 'upsert'] as const, 'mode', errors) ?? 'create',
    dryRun: flag(raw.dryRun, 'dryRun', errors),
    atomic: flag(raw.atomic, 'atomic', errors),
    format: oneOf(raw.format, IMPORT_FORMATS, 'format', errors),
  };
  if (errors.length > 0) throw new ValidationError(errors);
  return options;
}

const FORMAT_OF_TYPE: Record<string, ImportFormat> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'application/x-jsonlines': 'ndjson',
};
const FORMAT_OF_EXTENSION: Record<string, ImportFormat> = { '.csv': 'csv', '.json': 'json', '.ndjson': 'ndjson', '.jsonl': 'ndjson' };

const mediaType = (header: string | undefined): string => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
/** The `charset` parameter of a Content-Type, if it has one. */
const charsetOf = (header: string | undefined): string | undefined => /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header ?? '')?.[1];

/** Answered before the body is read to its end: the connection then closes, rather than wait for the rest of it. */
const tooLarge = (maxBytes: number) =>
  Errors.IMPORT_FILE_TOO_LARGE(maxBytes);

/** Counts the bytes passing through, and fails past the limit. */
function byteLimit(maxBytes: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
}

/**
 * Keeps the uploaded file on disk: an import reads it more than once (to count and check its
 * rows before writing any), and memory holds no more of it than a stream's buffers.
 */
async function receive(request: FastifyRequest, path: string, maxBytes: number, asked: ImportFormat | undefined): Promise<ImportFormat> {
  if (request.isMultipart()) {
    let part;
    try {
      part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 } });
      if (!part) throw Errors.IMPORT_FILE_REQUIRED();
      await pipeline(part.file, createWriteStream(path));
      // Past the limit the part ends early, marked truncated.
      if (part.file.truncated) throw tooLarge(maxBytes);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
      if (error instanceof APIError) throw error;
      throw Errors.MULTIPART_INVALID('The multipart body could not be read.');
    }
    return asked ?? FORMAT_OF_EXTENSION[extname(part.filename).toLowerCase()] ?? FORMAT_OF_TYPE[mediaType(part.mimetype)] ?? 'csv';
  }
  const type = mediaType(request.headers['content-type']);
  const format = asked ?? FORMAT_OF_TYPE[type];
  if (!format) throw Errors.IMPORT_FORMAT_UNSUPPORTED();
  if (!(request.body instanceof Readable)) throw Errors.IMPORT_BODY_EMPTY();
  await pipeline(request.body, byteLimit(maxBytes), createWriteStream(path));
  return format;
}

/** A caller whom the create rule refuses outright (anonymous callers, by default) is answered before the file is read. */
async function refuseEarly(services: Services, caller: Caller): Promise<void> {
  try {
    await productGrant(services.config.access.products.create, { user: caller.user });
  } catch (error) {
    // A rule that needs a row's data to decide decides per row.
    if (error instanceof APIError) throw error;
  }
}

export function importExportRoutes(services: Services, spoolDir: string) {
  const tags = ['products'];
  const schemas = {
    export: {
      tags, summary: 'Export products as CSV, JSON or NDJSON (streamed)', security: bearerSecurity, querystring: validatedByOperation(ExportQuerySchema),
      response: { 200: exportResponse, ...errorResponses(400, 401, 403) },
    },
    import: {
      tags, summary: 'Import products from a CSV, JSON or NDJSON file', security: bearerSecurity, querystring: validatedByOperation(ImportQuerySchema), body: streamedBody(ImportBodySchema),
      response: { 200: ImportReportSchema, ...errorResponses(400, 401, 403, 413, 415) },
    },
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/products/export', { schema: schemas.export }, async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      const { format, bom, query } = exportQueryOf(request.query, services.config.products.maxLimit);
      const pages = await exportProducts(services, request.caller, query);
      const filename = `products-${new Date().toISOString().slice(0, 10)}.${format}`;
      reply.code(200).type(EXPORT_TYPES[format]).header('content-disposition', `attachment; filename="${filename}"`);
      return reply.send(Readable.from(exportText(pages, format, { bom }), { objectMode: false }));
    });

    // Its own scope: the body reaches the route as a stream, whatever its type, instead of parsed JSON of at most 1 MiB.
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

      scope.post('/api/products/import', { schema: schemas.import }, async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
        const options = importOptionsOf(request.query);
        await refuseEarly(services, request.caller);
        const encoding = encodingOf(typeof request.query.charset === 'string' ? request.query.charset : charsetOf(request.headers['content-type']));
        const { maxBytes, maxRows } = services.config.import;
        if (Number(request.headers['content-length']) > maxBytes && !request.isMultipart()) throw tooLarge(maxBytes);
        await mkdir(spoolDir, { recursive: true });
        const path = join(spoolDir, `${randomUUID()}.upload`);
        try {
          const format = await receive(request, path, maxBytes, options.format);
          const file = await asUtf8(() => createReadStream(path), encoding);
          const report = await importProducts(services, request.caller, file, { ...options, format, maxRows });
          return reply.code(200).send(report);
        } finally {
          await rm(path, { force: true });
        }
      });
    });
  };
}
