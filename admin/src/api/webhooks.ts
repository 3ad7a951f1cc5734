import { api, call } from './client.js';
import type { paths } from '../../../src/client/schema.js';

export type Webhook = paths['/api/webhooks/{id}']['get']['responses'][200]['content']['application/json'];
export type WebhookInput = paths['/api/webhooks']['post']['requestBody']['content']['application/json'];
export type WebhookPatch = NonNullable<paths['/api/webhooks/{id}']['patch']['requestBody']>['content']['application/json'];
export type Delivery = paths['/api/webhooks/{id}/deliveries']['get']['responses'][200]['content']['application/json']['docs'][number];
export type EventChoice = WebhookInput['events'][number];
type ListQuery = NonNullable<paths['/api/webhooks']['get']['parameters']['query']>;

/** Webhooks (SPEC 11): an account's own, an admin's all. */
export const listWebhooks = (query: ListQuery) => call(() => api.GET('/api/webhooks', { params: { query } }));
export const readWebhook = (id: string) => call(() => api.GET('/api/webhooks/{id}', { params: { path: { id } } }));

/** The answer carries the signing secret, which the service never shows again. */
export const createWebhook = (input: WebhookInput) => call(() => api.POST('/api/webhooks', { body: input }));
export const updateWebhook = (id: string, patch: WebhookPatch) => call(() => api.PATCH('/api/webhooks/{id}', { params: { path: { id } }, body: patch })).then((answer) => answer.doc);
export const deleteWebhook = (id: string) => call(() => api.DELETE('/api/webhooks/{id}', { params: { path: { id } } }));

/** The recent delivery attempts, newest first. */
export const listDeliveries = (id: string, limit = 100) =>
  call(() => api.GET('/api/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit } } })).then((answer) => answer.docs);
