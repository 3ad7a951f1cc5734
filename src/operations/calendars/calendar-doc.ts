import { conflictsOf, type Conflict } from '../../domain/calendar/imported-blocks.js';
import type { FeedBlock } from '../../domain/calendar/parse-feed.js';
import type { ReservationItem } from '../../domain/product-schema.js';
import type { CalendarsTable } from '../../storage/schema.js';
import type { SyncStatus } from './sync-calendar.js';

/** An imported calendar as the API shows it (SPEC section 10). */
export interface CalendarDoc {
  id: string;
  product: string;
  url: string;
  name?: string;
  lastSyncedAt: string | null;
  lastStatus: SyncStatus | null;
  lastError?: string;
  events: number;
  conflicts: Conflict[];
  createdAt: string;
  updatedAt: string;
}

/** A calendar's row as its document, its conflicts worked out against the product's reservations as they are now. */
export function docOf(row: CalendarsTable, reservations: ReservationItem[]): CalendarDoc {
  const blocks = JSON.parse(row.blocks) as FeedBlock[];
  return {
    id: row.id,
    product: row.product_id,
    url: row.url,
    ...(row.name !== null ? { name: row.name } : {}),
    lastSyncedAt: row.last_synced_at,
    lastStatus: row.last_status as SyncStatus | null,
    ...(row.last_error !== null ? { lastError: row.last_error } : {}),
    events: blocks.length,
    // Against the product as it is now: a conflict the owner resolved is gone at once.
    conflicts: conflictsOf(blocks, reservations),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
