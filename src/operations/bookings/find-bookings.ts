import type { BookingServices } from './booking-services.js';
import { bookingFields } from '../../domain/bookings/booking-document.js';
import { isValidId } from '../../domain/ids.js';
import type { Depth, ListQuery } from '../../domain/list-query.js';
import type { ReadFilter } from '../../domain/where/types.js';
import { evaluateAccess, readableBy } from '../access.js';
import type { Caller } from '../context.js';
import { filteredSource, listPage, type PaginatedDocs } from '../list-page.js';
import { mayRead, missingBooking } from './booking-access.js';
import { bookingDocOf, renderBooking, renderBookings, type RenderedBooking } from './render-bookings.js';

/** The bookings a list or count may see: the owner's, an admin's all (`access.bookings.read`); anonymous callers none (401). */
export async function readableFilter(services: BookingServices, caller: Caller, query: Pick<ListQuery, 'where'>): Promise<ReadFilter> {
  const grant = await evaluateAccess(services.config.access.bookings.read, { user: caller.user }, bookingFields);
  return readableBy(grant, query.where);
}

/** GET /api/bookings. */
export async function findBookings(services: BookingServices, caller: Caller, query: ListQuery): Promise<PaginatedDocs<RenderedBooking>> {
  const source = filteredSource(services.storage.bookings, await readableFilter(services, caller, query), query.sort);
  return listPage(query, source, (rows) => renderBookings(services, rows.map(bookingDocOf), query.depth), 'bookings');
}

/** GET /api/bookings/count. */
export async function countBookings(services: BookingServices, caller: Caller, query: ListQuery): Promise<{ totalDocs: number }> {
  return { totalDocs: await services.storage.bookings.count(await readableFilter(services, caller, query)) };
}

/** GET /api/bookings/:id: for whoever `access.bookings.read` lets at it (its owner, an admin) or the holder of its token; for anyone else it does not exist. */
export async function findBooking(services: BookingServices, caller: Caller, id: string, token: unknown, depth: Depth): Promise<RenderedBooking> {
  const row = isValidId(id) ? await services.storage.bookings.get(id) : undefined;
  if (!row) throw missingBooking(id);
  const doc = bookingDocOf(row);
  if (!(await mayRead(services, caller, row, doc, token))) throw missingBooking(id);
  return renderBooking(services, doc, depth);
}
