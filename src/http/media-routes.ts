import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listQueryOf, type ListParams } from '../domain/list-query.js';
import { parseSelect, selectedDocs } from '../domain/select.js';
import { STORED_FILENAME, mediaFields } from '../domain/media.js';
import { APIError, ValidationError, type ErrorItem } from '../errors/api-error.js';
import { unknownField } from '../domain/schema-validator.js';
import { Errors } from '../errors/codes.js';
import type { Services } from '../operations/context.js';
import { countMedia, deleteMedia, findMedia, findMediaById, updateMedia } from '../operations/media/manage-media.js';
import { MEDIA, deleteMediaWhere, updateMediaWhere } from '../operations/media/bulk-media.js';
import { uploadMedia, type Upload } from '../operations/media/upload-media.js';
import { LocalMediaStore } from '../storage/media-store.js';
import { parseJsonBody } from './json-body.js';
import { registerBulkRoutes } from './bulk-routes.js';
import { selectedAnswer } from './select-response.js';
import { validatedByOperation } from './request-validation.js';
import { isPlainObject } from '../domain/merge.js';
import { withoutDocumentFields } from '../domain/document-fields.js';
import { Type } from '@sinclair/typebox';
import { IdParams, SelectQuery, TotalDocsSchema, listQuery, bearerSecurity, envelope, errorResponses, paginated } from './schemas/common.js';
import { FileParams, MediaPatchSchema, MediaUploadSchema } from './schemas/media.js';

type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>;

const MAX_FIELDS = 20;

/** A `_payload` field: JSON of an object, as Payload clients send a document beside its file. */
function payloadOf(value: unknown): Record<string, unknown> {
  const payload = parseJsonBody(String(value));
  if (payload !== undefined && !isPlainObject(payload)) throw Errors.PAYLOAD_NOT_OBJECT();
  return payload ?? {};
}

/** What a multipart body that could not be read answers (an upload's, with its size limit, or a PATCH's). */
function multipartFailure(error: unknown, maxFileSize?: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' && maxFileSize !== undefined) return Errors.FILE_TOO_LARGE(maxFileSize);
  if (code === 'FST_FILES_LIMIT_REACHED') return Errors.FILE_COUNT();
  if (code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED') return Errors.MULTIPART_INVALID('Too many form fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE') return Errors.MULTIPART_INVALID('The multipart body is malformed.');
  if (error instanceof APIError) return error;
  return Errors.MULTIPART_INVALID('The multipart body could not be read.');
}

/**
 * Reads `file`, and `alt` either as its own field or inside `_payload` JSON (as Payload clients
 * send it). Any other field is a 400 naming it (SPEC 1: unknown fields), as in a JSON body; the
 * fields the server sets (`id`, `createdAt`, `updatedAt`) are ignored in `_payload`.
 */
async function readUpload(request: FastifyRequest, maxFileSize: number): Promise<Upload> {
  if (!request.isMultipart()) throw Errors.MULTIPART_REQUIRED();
  let file: { bytes: Buffer; name: string } | undefined;
  let alt: unknown;
  let payloadAlt: unknown;
  const unknown: ErrorItem[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileSize, files: 1, fields: MAX_FIELDS, fieldSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { bytes, name: part.filename };
        else unknown.push(unknownField(part.fieldname));
      } else if (part.fieldname === 'alt') {
        alt = part.value;
      } else if (part.fieldname === '_payload') {
        const { alt: given, ...rest } = withoutDocumentFields(payloadOf(part.value));
        payloadAlt = given;
        unknown.push(...Object.keys(rest).map(unknownField));
      } else {
        unknown.push(unknownField(part.fieldname));
      }
    }
  } catch (error) {
    throw multipartFailure(error, maxFileSize);
  }
  if (unknown.length > 0) throw new ValidationError(unknown);
  if (!file) throw Errors.FILE_REQUIRED();
  return { bytes: file.bytes, originalName: file.name, alt: alt ?? payloadAlt };
}

/**
 * A PATCH sent as multipart (Payload's SDK does so when given a file): `alt` as its own field
 * or inside `_payload`, read as a JSON body would be; whether it also carried a file (refused).
 */
async function readMultipartPatch(request: FastifyRequest): Promise<{ body: Record<string, unknown>; file: boolean }> {
  const fields: Record<string, unknown> = {};
  let payload: Record<string, unknown> = {};
  let file = false;
  try {
    for await (const part of request.parts({ limits: { fields: MAX_FIELDS, fieldSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        part.file.resume();
        file = true;
      } else if (part.fieldname === '_payload') {
        payload = payloadOf(part.value);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  return { body: { ...payload, ...fields }, file };
}

export function mediaRoutes(services: Services) {
  const { maxLimit } = services.config.products;
  const store = services.mediaStore;

  const tags = ['rentMedia'];
  const media = Type.Ref('Media');
  const schemas = {
    upload: {
      tags, summary: 'Upload an image', security: bearerSecurity, consumes: ['multipart/form-data'], body: validatedByOperation(MediaUploadSchema),
      response: { 201: envelope(media), ...errorResponses(400, 401, 403, 413, 415) },
    },
    list: { tags, summary: 'List media', querystring: Type.Composite([listQuery('rentMedia', mediaFields, maxLimit), SelectQuery]), response: { 200: paginated(media), ...errorResponses(400, 401, 403) } },
    count: { tags, summary: 'Count media', querystring: Type.Pick(listQuery('rentMedia', mediaFields, 1), ['where']), response: { 200: TotalDocsSchema, ...errorResponses(400, 401, 403) } },
    read: { tags, summary: 'Read a media document', params: IdParams, querystring: SelectQuery, response: { 200: media, ...errorResponses(400, 404) } },
    update: {
      tags, summary: 'Change alt text', security: bearerSecurity, params: IdParams, querystring: SelectQuery, body: validatedByOperation(MediaPatchSchema),
      response: { 200: envelope(media), ...errorResponses(400, 401, 403, 404) },
    },
    remove: {
      tags, summary: 'Delete a media document and its files', security: bearerSecurity, params: IdParams, querystring: SelectQuery,
      response: { 200: envelope(media), ...errorResponses(400, 401, 403, 404, 409) },
    },
    file: {
      tags, summary: 'The bytes of a stored file (Range, ETag, If-None-Match supported)', params: FileParams,
      response: { 200: Type.Unsafe({ description: 'The file', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } }), ...errorResponses(404, 412, 416) },
    },
  };

  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });
    if (store instanceof LocalMediaStore) await app.register(fastifyStatic, { root: store.root, serve: false });

    app.post('/api/rentMedia', { schema: schemas.upload }, async (request, reply) => {
      const doc = await uploadMedia(services, request.caller, await readUpload(request, services.config.media.maxFileSize));
      reply.code(201).header('location', `/api/rentMedia/${doc.id}`);
      return { doc, message: 'Media successfully uploaded.' };
    });

    app.get('/api/rentMedia', { schema: schemas.list }, async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) => {
      const [query, selection] = [listQueryOf(request.query as ListParams, mediaFields, { maxLimit, defaultSort: '-createdAt' }), parseSelect(request.query.select)];
      return selectedDocs(await findMedia(services, request.caller, query), selection);
    });

    app.get('/api/rentMedia/count', { schema: schemas.count }, async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) =>
      countMedia(services, request.caller, listQueryOf({ where: request.query.where }, mediaFields, { maxLimit, defaultSort: '-createdAt' })),
    );

    registerBulkRoutes(app, {
      path: '/api/rentMedia', collection: 'rentMedia', tags, noun: MEDIA, fields: mediaFields, doc: media, body: MediaPatchSchema,
      update: (caller, query, body) => updateMediaWhere(services, caller, query, body),
      remove: (caller, query) => deleteMediaWhere(services, caller, query),
    });

    app.get('/api/rentMedia/:id', { schema: schemas.read }, async (request: IdRequest) =>
      selectedAnswer(request.query, () => findMediaById(services, request.caller, request.params.id)),
    );

    app.patch('/api/rentMedia/:id', { schema: schemas.update }, async (request: IdRequest) => {
      const multipart = request.isMultipart() ? await readMultipartPatch(request) : undefined;
      // Signed in: the file is refused; anonymous: the 401 comes first, whatever the body.
      if (multipart?.file && request.caller.user) throw Errors.FILE_NOT_REPLACEABLE();
      const body = multipart ? multipart.body : request.body;
      return { doc: await selectedAnswer(request.query, () => updateMedia(services, request.caller, request.params.id, body)), message: 'Updated successfully.' };
    });

    app.delete('/api/rentMedia/:id', { schema: schemas.remove }, async (request: IdRequest) => ({
      doc: await selectedAnswer(request.query, () => deleteMedia(services, request.caller, request.params.id)),
      message: 'Deleted successfully.',
    }));

    // Only names the service could have stored are looked up: no dots at the start, no slashes,
    // no NUL bytes, so nothing outside the media folder (or bucket) is ever reached.
    const serveFile = async (request: FastifyRequest<{ Params: { filename: string } }>, reply: FastifyReply) => {
      const { filename } = request.params;
      if (!STORED_FILENAME.test(filename)) throw Errors.FILE_NOT_FOUND();
      // Public images, shown by shop websites on their own origins: `<img>` from another site
      // is a no-cors request, which the API's `same-origin` resource policy would block.
      const policy = reply.getHeader('cross-origin-resource-policy');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const served = await store.serve(filename, request, reply);
      if (served !== null) return served;
      if (policy !== undefined) reply.header('cross-origin-resource-policy', policy);
      throw Errors.FILE_NOT_FOUND();
    };
    // HEAD declared before GET, so that Fastify makes no HEAD twin of its own: that one would
    // read the whole file to throw it away, and answer a store's empty HEAD with Content-Length 0.
    app.head('/api/rentMedia/file/:filename', { schema: { ...schemas.file, hide: true } }, serveFile);
    app.get('/api/rentMedia/file/:filename', { schema: schemas.file }, serveFile);
  };
}
