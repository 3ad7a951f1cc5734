import assert from 'node:assert/strict';
import type { TestServer } from './server.js';

export const DAY = 86_400_000;

/** The UTC date `days` after today (today: 0), as a reservation's `from`/`to` takes it. */
export const dayFromNow = (days: number, from = Date.now()): string => new Date(from + days * DAY).toISOString().slice(0, 10);

export type Booking = {
  id: string;
  product: string | { id: string; basic: { product_name: string }; settings: { slug: string } };
  owner: string | null;
  from: string;
  to: string;
  status: string;
  customer: { name: string; email: string; phone?: string; note?: string };
  quote: Record<string, unknown>;
  reservationId?: string;
  history: { status: string; at: string; by: string; reason?: string }[];
  createdAt: string;
  updatedAt: string;
};

export const CUSTOMER = { name: 'Jana Nováková', email: 'jana@example.cz', phone: '+420 777 123 456', note: 'Vyzvednu ráno.' };

/** A published product of the signed-in owner (200 or 201 required). */
export async function createRentable(server: TestServer, token: string, id: string, extra: Record<string, unknown> = {}): Promise<void> {
  const { additional, settings, ...rest } = extra as { additional?: Record<string, unknown>; settings?: Record<string, unknown> };
  const res = await server.http.post(`/api/products/${id}`, {
    basic: { product_name: `Půjčovní ${id}`, location: 'Brno' },
    additional: { price: 100, caution: 500, time_unit: 'day', ...additional },
    settings: { published: true, ...settings },
    ...rest,
  }, token);
  assert.equal(res.status, 201, res.text);
}

/** A booking request as a customer sends it; asserts the 201 and returns the booking and its token. */
export async function requestBooking(server: TestServer, product: string, from: string, to: string, customer = CUSTOMER): Promise<{ doc: Booking; token: string }> {
  const res = await server.http.post<{ doc: Booking; token: string; message: string }>('/api/bookings', { product, from, to, customer });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** `POST /api/bookings/:id` with an action, as the owner (a bearer token) or the customer (`?token=`). */
export function act(server: TestServer, id: string, action: string, as: { bearer?: string; customerToken?: string } = {}, extra: Record<string, unknown> = {}) {
  const query = as.customerToken ? `?token=${encodeURIComponent(as.customerToken)}` : '';
  return server.http.post<Booking>(`/api/bookings/${id}${query}`, { action, ...extra }, as.bearer);
}
