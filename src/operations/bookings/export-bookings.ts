import type { BookingDoc } from '../../domain/bookings/booking-document.js';
import type { SortKey, WhereNode } from '../../domain/where/types.js';
import type { ReadFilter } from '../../domain/where/types.js';
import type { Caller } from '../context.js';
import type { BookingServices } from './booking-services.js';
import { readableFilter } from './find-bookings.js';
import { bookingDocOf } from './render-bookings.js';

/**
 * GET /api/bookings/export: every booking the list with the same `where` and `sort` would show
 * the caller (an owner: those of their products; an admin: all; anonymous callers: 401), at
 * depth 0 with the customer's details, a page at a time so that memory holds one page. The
 * sort always ends with `id` (parseSort adds it), so the pages neither repeat nor skip a booking
 * while none is added.
 */

export interface BookingExportQuery {
  where?: WhereNode;
  sort: SortKey[];
}

/** Bookings a page: a booking's document is ~1 KB. */
const PAGE = 500;

async function* pages(services: BookingServices, filter: ReadFilter, sort: SortKey[]): AsyncGenerator<BookingDoc[]> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await services.storage.bookings.list(filter, sort, PAGE, offset);
    if (rows.length > 0) yield rows.map(bookingDocOf);
    if (rows.length < PAGE) return;
  }
}

/** The caller's bookings as pages of documents; the read access is decided (401/403) before the first page is asked for. */
export async function exportBookings(services: BookingServices, caller: Caller, query: BookingExportQuery): Promise<AsyncGenerator<BookingDoc[]>> {
  return pages(services, await readableFilter(services, caller, query), query.sort);
}
