import type { FieldCatalogue, FieldDef } from '../where/types.js';
import type { Quote } from '../rental/quote.js';
import type { BookingStatus } from './states.js';

/** The customer's details: seen by the owner, an admin and the token holder only. */
export interface Customer {
  name: string;
  email: string;
  phone?: string;
  note?: string;
}

/** One change of status: what it became, when, and who made it (an account id, `customer` or `service`). */
export interface HistoryEntry {
  status: BookingStatus;
  at: string;
  by: string;
  reason?: string;
}

/** What the quote of a booking keeps: the price as it was when the customer asked. */
export type BookingQuote = Omit<Quote, 'violations'>;

/** A booking as stored (SPEC 9); `product` is the product's id. */
export interface BookingDoc {
  id: string;
  product: string;
  owner: string | null;
  from: string;
  to: string;
  status: BookingStatus;
  customer: Customer;
  quote: BookingQuote;
  reservationId?: string;
  history: HistoryEntry[];
  createdAt: string;
  updatedAt: string;
}

/** What depth 1 shows of a booking's product. */
export interface BookingProductSummary {
  id: string;
  basic: { product_name: string };
  settings: { slug: string };
}

/** The booking paths `where` and `sort` accept, each backed by a column of `bookings`. */
const BOOKING_FIELDS: FieldDef[] = [
  { path: 'id', column: 'id', type: 'string', sortable: true },
  { path: 'status', column: 'status', type: 'string', sortable: true },
  { path: 'product', column: 'product_id', type: 'string', sortable: false },
  { path: 'owner', column: 'owner_id', type: 'string', sortable: false },
  { path: 'from', column: 'from_at', type: 'date', sortable: true },
  { path: 'to', column: 'to_at', type: 'date', sortable: true },
  { path: 'createdAt', column: 'created_at', type: 'date', sortable: true },
  { path: 'updatedAt', column: 'updated_at', type: 'date', sortable: true },
  { path: 'customer.email', column: 'customer_email', type: 'string', sortable: false },
];

export const bookingFields: FieldCatalogue = new Map(BOOKING_FIELDS.map((field) => [field.path, field]));
