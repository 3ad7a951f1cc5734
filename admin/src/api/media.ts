import { api, call } from './client.js';

export const listMedia = (ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : call(() => api.GET('/api/rentMedia', { params: { query: { where: { id: { in: ids.join(',') } }, limit: ids.length } } })).then((answer) => answer.docs);

export const updateAlt = (id: string, alt: string) => call(() => api.PATCH('/api/rentMedia/{id}', { params: { path: { id } }, body: { alt } }));

export const deleteMedia = (id: string) => call(() => api.DELETE('/api/rentMedia/{id}', { params: { path: { id } } }));

/** One page of the media library: an owner's own images (an admin's: all), newest first. */
export const listLibrary = (page: number, limit: number, ownerId: string | null) =>
  call(() => api.GET('/api/rentMedia', { params: { query: { page, limit, sort: '-createdAt', ...(ownerId ? { where: { owner: { equals: ownerId } } } : {}) } } }));
