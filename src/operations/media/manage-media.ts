import { withoutDocumentFields } from '../../domain/document-fields.js';
import type { Static } from '@sinclair/typebox';
import { isValidId } from '../../domain/ids.js';
import { nextTimestamp } from '../../domain/timestamps.js';
import type { ListQuery } from '../../domain/list-query.js';
import { isPlainObject, type JsonObject } from '../../domain/merge.js';
import { mediaFields, type MediaDoc } from '../../domain/media.js';
import { matches } from '../../domain/where/matches.js';
import type { ReadFilter } from '../../domain/where/types.js';
import { ValidationError } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import type { RentMediaTable } from '../../storage/schema.js';
import { compileSchema } from '../../domain/schema-validator.js';
import { MediaPatchSchema } from '../../http/schemas/media.js';
import { authorizeChange, missingTo, evaluateAccess, readableBy, type Grant } from '../access.js';
import type { Caller, Services } from '../context.js';
import { filteredSource, listPage, type PaginatedDocs } from '../list-page.js';
import { filesOf, mediaDocOf } from './media-documents.js';

const checkPatch = compileSchema(MediaPatchSchema);
type MediaPatch = Static<typeof MediaPatchSchema>;

const missing = (id: string) => Errors.MEDIA_NOT_FOUND(id);

const readGrant = (services: Services, caller: Caller, id?: string): Promise<Grant> =>
  evaluateAccess(services.config.access.rentMedia.read, { user: caller.user, id }, mediaFields);

/** The media a list or count may see: the caller's read filter and the request's `where`. */
async function readableFilter(services: Services, caller: Caller, query: ListQuery): Promise<ReadFilter> {
  return readableBy(await readGrant(services, caller), query.where);
}

export async function findMedia(services: Services, caller: Caller, query: ListQuery): Promise<PaginatedDocs<MediaDoc>> {
  const source = filteredSource(services.storage.media, await readableFilter(services, caller, query), query.sort);
  return listPage(query, source, (rows) => rows.map(mediaDocOf), 'media documents');
}

/** GET /api/rentMedia/count: `{totalDocs}` for the same filters as the list. */
export async function countMedia(services: Services, caller: Caller, query: ListQuery): Promise<{ totalDocs: number }> {
  return { totalDocs: await services.storage.media.count(await readableFilter(services, caller, query)) };
}

export async function findMediaById(services: Services, caller: Caller, id: string): Promise<MediaDoc> {
  if (!isValidId(id)) throw missing(id);
  const grant = await readGrant(services, caller, id);
  const row = await services.storage.media.get(id, grant.kind === 'filter' ? grant.where : undefined);
  if (!row) throw missing(id);
  return mediaDocOf(row);
}

/** The media document a change is about, once the caller may make it (as for products: 401, 404, 403). */
export async function loadForChange(services: Services, caller: Caller, id: string, operation: 'update' | 'delete', data?: Record<string, unknown>): Promise<RentMediaTable> {
  const row = isValidId(id) ? await services.storage.media.get(id) : undefined;
  const rule = services.config.access.rentMedia[operation];
  if (!row) throw await missingTo(caller.user, () => evaluateAccess(rule, { user: caller.user, id, data }, mediaFields), () => missing(id));
  const doc = mediaDocOf(row);
  await authorizeChange(
    caller.user,
    async () => {
      const grant = await evaluateAccess(rule, { user: caller.user, id, data, doc: doc as unknown as Record<string, unknown> }, mediaFields);
      return grant.kind === 'all' || matches(grant.where, row as unknown as Record<string, string | number | null>);
    },
    () => findMediaById(services, caller, id).then(() => true, () => false),
    () => missing(id),
  );
  return row;
}

/** A PATCH body for media, checked: only `alt` may change. */
export function mediaPatchOf(input: JsonObject): MediaPatch {
  const body = withoutDocumentFields(input);
  const errors = checkPatch(body);
  if (errors.length > 0) throw new ValidationError(errors);
  return body as MediaPatch;
}

/** Applies a checked patch to a media document the caller may change. */
export async function patchMedia(services: Services, row: RentMediaTable, patch: MediaPatch): Promise<MediaDoc> {
  const updatedAt = nextTimestamp(row.updated_at);
  const doc: MediaDoc = { ...mediaDocOf(row), alt: typeof patch.alt === 'string' ? patch.alt : '', updatedAt };
  await services.storage.media.update(row.id, { alt: doc.alt, updated_at: updatedAt, doc: JSON.stringify(doc) });
  return doc;
}

/** PATCH /api/rentMedia/:id: only `alt` changes. */
export async function updateMedia(services: Services, caller: Caller, id: string, body: unknown): Promise<MediaDoc> {
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  const row = await loadForChange(services, caller, id, 'update', body);
  return patchMedia(services, row, mediaPatchOf(body));
}

/** DELETE /api/rentMedia/:id: refused while a gallery uses it; its files go with it. */
export async function deleteMedia(services: Services, caller: Caller, id: string): Promise<MediaDoc> {
  const row = await loadForChange(services, caller, id, 'delete');
  const doc = mediaDocOf(row);
  const result = await services.storage.media.deleteUnlessUsed(id);
  if (result.usedBy) throw Errors.MEDIA_IN_USE(result.usedBy);
  if (!result.deleted) throw missing(id);
  // The document is gone, so the delete happened: files the storage keeps for now are named in the log.
  const files = filesOf(doc);
  await services.mediaStore.remove(files).catch((error: unknown) =>
    services.log.warn({ err: error, files }, 'files of a deleted media document could not be removed from the media storage'),
  );
  return doc;
}
