import { api, call } from './client.js';
import type { components, paths } from '../../../src/client/schema.js';

export type Booking = components['schemas']['Booking'];
export type BookingStatus = Booking['status'];
export type Quote = components['schemas']['Quote'];
export type Availability = components['schemas']['Availability'];
type ListQuery = NonNullable<paths['/api/bookings']['get']['parameters']['query']>;
export type BookingAction = paths['/api/bookings/{id}']['post']['requestBody']['content']['application/json'];

/** Booking requests and bookings (SPEC 9): of the owner's products, an admin's all. Depth 1 names the product. */
export const listBookings = (query: ListQuery) => call(() => api.GET('/api/bookings', { params: { query: { depth: 1, ...query } } }));
export const countBookings = (where: Record<string, unknown>) => call(() => api.GET('/api/bookings/count', { params: { query: { where } } })).then((answer) => answer.totalDocs);
export const readBooking = (id: string) => call(() => api.GET('/api/bookings/{id}', { params: { path: { id }, query: { depth: 1 } } }));

/** Confirm (re-checks the rules and the overlap: a 409 when the time was taken meanwhile), decline with a reason, or cancel. */
export const actOnBooking = (id: string, body: BookingAction) => call(() => api.POST('/api/bookings/{id}', { params: { path: { id }, query: { depth: 1 } }, body }));

/** The price and the rules a rental of a product from…to would meet. */
export const quoteOf = (productId: string, from: string, to: string) => call(() => api.GET('/api/products/{id}/quote', { params: { path: { id: productId }, query: { from, to } } }));

/** The product's busy time (reservations and confirmed bookings, imported blocks, buffers) and each day's status. */
export const availabilityOf = (productId: string, from: string, to: string) =>
  call(() => api.GET('/api/products/{id}/availability', { params: { path: { id: productId }, query: { from, to } } }));

/** The product of a booking read at depth 1: its id and its name (a bare id when the product is gone). */
export const bookingProduct = (booking: Booking): { id: string; name?: string } =>
  typeof booking.product === 'string' ? { id: booking.product } : { id: booking.product.id, name: booking.product.basic.product_name };
