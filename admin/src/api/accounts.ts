import { api, call, type PublicProfile } from './client.js';
import type { paths } from '../../../src/client/schema.js';

export type { PublicProfile };
export type AccountPatch = NonNullable<paths['/api/rents/{id}']['patch']['requestBody']>['content']['application/json'];
export type AccountInput = paths['/api/rents']['post']['requestBody']['content']['application/json'];
export type Term = PublicProfile['terms']['termsArray'][number] & { title?: unknown; text?: unknown; name?: unknown; label?: unknown };

export const readAccount = (id: string) => call(() => api.GET('/api/rents/{id}', { params: { path: { id } } }));
export const updateAccount = (id: string, patch: AccountPatch) => call(() => api.PATCH('/api/rents/{id}', { params: { path: { id } }, body: patch })).then((answer) => answer.doc);
export const createAccount = (input: AccountInput) => call(() => api.POST('/api/rents', { body: input })).then((answer) => answer.doc);
export const listAccounts = (query: { page?: number; limit?: number; sort?: string; where?: Record<string, unknown> }) => call(() => api.GET('/api/rents', { params: { query } }));

/** A term's name for people: its title (or name, label), else its id. */
export function termLabel(term: Term): string {
  for (const candidate of [term.title, term.name, term.label]) if (typeof candidate === 'string' && candidate.trim()) return candidate;
  return term.id;
}
export const deleteAccount = (id: string) => call(() => api.DELETE('/api/rents/{id}', { params: { path: { id } } }));
/** Lifts the lockout of the account with this sign-in e-mail (an admin's right by default). */
export const unlockAccount = (email: string) => call(() => api.POST('/api/rents/unlock', { body: { email } }));
