import type { Generated } from 'kysely';
import type { ProductFieldColumns } from '../domain/product-fields.js';

/** Tables as Kysely sees them. JSON documents are stored as text in both dialects. */

/**
 * The columns of the product field registry (domain/product-fields.ts), the row's version
 * and the whole product at depth 0, as JSON.
 */
export type ProductsTable = ProductFieldColumns & {
  version: number;
  doc: string;
};

/** A product's long texts, kept out of its row. */
export interface ProductTextsTable {
  product_id: string;
  product_desc: string | null;
  /** Name, description and location, case- and accent-folded and joined by line breaks (domain/product-document.ts: SearchTexts). */
  search_text: string;
  /** Where the folded name ends and how long the folded description is, in code points. */
  name_length: Generated<number>;
  desc_length: Generated<number>;
}

export interface ReservationsTable {
  product_id: string;
  id: string;
  starts_at: number;
  ends_at: number;
  /** What a new rental may not overlap: the reservation widened by both of the product's buffers on each side (migration 030). */
  block_start: number;
  block_end: number;
}

export interface ProductMediaTable {
  product_id: string;
  media_id: string;
}

export interface RentsTable {
  id: string;
  email: string;
  password_hash: string;
  rent_name_system: string;
  /** JSON array of role names. */
  roles: string;
  /** JSON of `{basic, terms, invoices}`. */
  profile: string;
  failed_logins: Generated<number>;
  locked_until: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface SessionsTable {
  id: string;
  rent_id: string;
  created_at: string;
  expires_at: number;
  revoked_at: number | null;
}

export interface PasswordResetsTable {
  rent_id: string;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  /** When the token stops working (ms). */
  expires_at: number;
  /** When it was issued (ms); null for resets issued before migration 006. */
  issued_at: number | null;
}

export interface RentMediaTable {
  id: string;
  owner_id: string | null;
  filename: string;
  mime_type: string;
  filesize: number;
  width: number;
  height: number;
  alt: string | null;
  created_at: string;
  updated_at: string;
  /** The whole media document as JSON. */
  doc: string;
}

/** A background job's lease (src/jobs): who may run it, and until when (ms). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** The private calendar feed's token of an account, as its SHA-256 (hex). */
export interface CalendarTokensTable {
  rent_id: string;
  token_hash: string;
  issued_at: number;
}

/** An imported calendar (SPEC section 10). */
export interface CalendarsTable {
  id: string;
  product_id: string;
  url: string;
  name: string | null;
  last_synced_at: string | null;
  /** `ok`, `not-modified` or `failed`; null before the first sync. */
  last_status: string | null;
  last_error: string | null;
  /** The feed's validators, sent back in the next conditional GET. */
  etag: string | null;
  last_modified: string | null;
  /** JSON of the blocks the feed last gave: `[{uid, from, to}]`. */
  blocks: string;
  /** When the sync job next fetches it (ms). */
  next_sync_at: number;
  created_at: string;
  updated_at: string;
}

/** A customer's booking request (SPEC 9): the document as JSON plus what is filtered, sorted and expired on. */
export interface BookingsTable {
  id: string;
  product_id: string;
  owner_id: string | null;
  status: string;
  /** `from` and `to` as instants (ISO, UTC), what `where` compares; a date stands for its day's start. */
  from_at: string;
  to_at: string;
  /** The rental as a half-open interval of epoch ms. */
  starts_at: number;
  ends_at: number;
  customer_email: string;
  /** SHA-256 of the customer's token, hex. */
  token_hash: string;
  /** When an unanswered request expires (ms); null: never. */
  expires_at: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
  doc: string;
}

/** One event of the outbox (src/storage/outbox.ts). */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  created_at: string;
  /** The event's `data`, as JSON. */
  data: string;
  /** The account whose products, bookings, media or calendars the event is about. */
  owner_id: string | null;
  /** The product's owner before the change, when the change moved it to another. */
  former_owner_id: string | null;
  /** 1 when anonymous callers may see it: product.* and reservation.* of a published product. */
  public: number;
}

/** How far something has gone through the outbox: `pruned` (the last id pruned), `webhooks` (the last fanned out). */
export interface OutboxPositionsTable {
  name: string;
  position: number;
}

/** A webhook subscription (SPEC 11). */
export interface WebhooksTable {
  id: string;
  owner_id: string;
  url: string;
  /** JSON array of event types (`*` for all). */
  events: string;
  scope: string;
  active: number;
  description: string | null;
  /** The signing secret, encrypted with the service's key (auth/secret-box.ts). */
  secret: string;
  /** The webhook receives the events after this id (the outbox's head when it was created). */
  since_event: number;
  /** Why the service deactivated it (its deliveries kept failing). */
  deactivated_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** A delivery still owed: one event to one webhook. */
export interface WebhookDeliveriesTable {
  webhook_id: string;
  event_id: number;
  attempts: Generated<number>;
  /** When the first attempt failed (ms); the retries go on for at least 24 h after it. */
  first_attempt_at: number | null;
  next_attempt_at: number;
  /** Until when an instance holds it for an attempt (ms); 0 when free. */
  claimed_until: Generated<number>;
}

/** One attempt of a delivery, for the deliveries log. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  webhook_id: string;
  event_id: number;
  type: string;
  attempt: number;
  status: string;
  response_status: number | null;
  duration_ms: number;
  at: string;
  error: string | null;
}

export interface DatabaseSchema {
  products: ProductsTable;
  product_texts: ProductTextsTable;
  reservations: ReservationsTable;
  product_media: ProductMediaTable;
  rents: RentsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  rent_media: RentMediaTable;
  /** Every media file name ever given out, deleted media's included: never given out again (their files were cached as immutable). */
  media_filenames: { filename: string };
  leases: LeasesTable;
  calendar_tokens: CalendarTokensTable;
  calendars: CalendarsTable;
  bookings: BookingsTable;
  events: EventsTable;
  outbox_positions: OutboxPositionsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type Dialect = 'sqlite' | 'postgres';
