import type { BulkQuery } from '../../domain/list-query.js';
import { mediaFields, type MediaDoc } from '../../domain/media.js';
import { isPlainObject } from '../../domain/merge.js';
import { Errors } from '../../errors/codes.js';
import { changeEach, matchedIds, type BulkCollection, type BulkResult, type Noun } from '../bulk.js';
import type { Caller, Services } from '../context.js';
import { deleteMedia, loadForChange, mediaPatchOf, patchMedia } from './manage-media.js';

export const MEDIA: Noun = { one: 'Media document', many: 'Media documents' };

const collection = (services: Services): BulkCollection => ({
  noun: MEDIA,
  fields: mediaFields,
  read: services.config.access.rentMedia.read,
  ids: (filter, sort, limit) => services.storage.media.ids(filter, sort, limit),
});

/** PATCH /api/rentMedia?where=…: the `alt` of every matching media document, as PATCH /api/rentMedia/:id changes one. */
export async function updateMediaWhere(services: Services, caller: Caller, query: BulkQuery, body: unknown): Promise<BulkResult<MediaDoc>> {
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  const patch = mediaPatchOf(body);
  const ids = await matchedIds(caller, query, collection(services), services.config.access.rentMedia.update);
  return changeEach(ids, async (id) => patchMedia(services, await loadForChange(services, caller, id, 'update', patch), patch));
}

/** DELETE /api/rentMedia?where=…: every matching media document and its files; those a gallery uses are reported, not deleted. */
export async function deleteMediaWhere(services: Services, caller: Caller, query: BulkQuery): Promise<BulkResult<MediaDoc>> {
  const ids = await matchedIds(caller, query, collection(services), services.config.access.rentMedia.delete);
  return changeEach(ids, (id) => deleteMedia(services, caller, id));
}
