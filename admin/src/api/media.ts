import { api, call } from './client.js';

export const listMedia = (ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : call(() => api.GET('/api/rentMedia', { params: { query: { where: { id: { in: ids.join(',') } }, limit: ids.length } } })).then((answer) => answer.docs);

export const updateAlt = (id: string, alt: string) => call(() => api.PATCH('/api/rentMedia/{id}', { params: { path: { id } }, body: { alt } }));

export const deleteMedia = (id: string) => call(() => api.DELETE('/api/rentMedia/{id}', { params: { path: { id } } }));
