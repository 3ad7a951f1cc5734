import { api, call } from './client.js';
import type { components, paths } from '../../../src/client/schema.js';

export type Calendar = components['schemas']['Calendar'];
export type CalendarInput = paths['/api/calendars']['post']['requestBody']['content']['application/json'];
export type CalendarPatch = NonNullable<paths['/api/calendars/{id}']['patch']['requestBody']>['content']['application/json'];
type ListQuery = NonNullable<paths['/api/calendars']['get']['parameters']['query']>;

/** Imported calendars (SPEC 10): the caller's, an admin's all; `where[product][equals]` narrows them to one product. */
export const listCalendars = (query: ListQuery) => call(() => api.GET('/api/calendars', { params: { query } }));

/** Subscribes a product to a feed; the first sync has run when this answers (a failed one is in lastStatus). */
export const createCalendar = (input: CalendarInput) => call(() => api.POST('/api/calendars', { body: input })).then((answer) => answer.doc);
export const updateCalendar = (id: string, patch: CalendarPatch) => call(() => api.PATCH('/api/calendars/{id}', { params: { path: { id } }, body: patch })).then((answer) => answer.doc);
export const deleteCalendar = (id: string) => call(() => api.DELETE('/api/calendars/{id}', { params: { path: { id } } }));
export const syncCalendar = (id: string) => call(() => api.POST('/api/calendars/{id}', { params: { path: { id } }, body: { action: 'sync' } }));

/** A new private feed URL over all of an account's products; the previous one stops working. */
export const issueFeedUrl = (accountId: string) => call(() => api.POST('/api/rents/{id}/calendar-token', { params: { path: { id: accountId } } })).then((answer) => answer.url);

/** The public feed of a product, for Airbnb, Google Calendar…: an absolute URL on this origin. */
export const publicFeedUrl = (productId: string) => `${location.origin}/api/products/${encodeURIComponent(productId)}/calendar.ics`;
