import { FeedError, type FeedBlock } from '../../domain/calendar/parse-feed.js';
import { holdsBlocks, withCalendarBlocks } from '../../domain/calendar/imported-blocks.js';
import type { JsonObject } from '../../domain/merge.js';
import type { ProductDoc, ReservationItem } from '../../domain/product-schema.js';
import { APIError } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import { parseFeedOffThread } from '../../calendars/parse-off-thread.js';
import { outboundRequest } from '../../net/outbound.js';
import { OutboundError } from '../../net/outbound-error.js';
import type { CalendarRow, SyncRecord } from '../../storage/calendars-repository.js';
import type { Services } from '../context.js';
import { KeyedLock } from '../keyed-lock.js';
import { changeProductAsService } from '../products/update-product.js';
import { docOf } from './calendar-doc.js';

/** SPEC section 10: the whole fetch within 10 s, at most 5 MiB. */
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
/** How long a sync holds its calendar against other instances; a killed instance's hold runs out after it. */
const SYNC_LEASE_MS = 60_000;
/** How long a sync asked for now waits for another instance's sync of the same calendar to end. */
const WAIT_FOR_OTHER_MS = 30_000;
const POLL_MS = 100;

export type SyncStatus = 'ok' | 'not-modified' | 'failed';

/** One holder of a calendar at a time per instance (its storage); the lease keeps other instances out. */
const instanceLocks = new WeakMap<Services['storage'], KeyedLock>();
function calendarLocks(services: Services): KeyedLock {
  let locks = instanceLocks.get(services.storage);
  if (!locks) instanceLocks.set(services.storage, (locks = new KeyedLock()));
  return locks;
}

const leaseName = (calendarId: string) => `calendar-sync:${calendarId}`;

type Fetched = { kind: 'not-modified' } | { kind: 'feed'; text: string; etag: string | null; lastModified: string | null };

const header = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

const utcDay = (ms: number): number => Math.floor(ms / 86_400_000);

/**
 * Whether this fetch may be conditional: not the first of a UTC day, nor the one after a
 * failure (which may have been that day's first). A 304 keeps the blocks the feed gave when it
 * was last read, recurrences expanded from that day to two years after it (SPEC 10); reading
 * the feed whole once a day moves that window on, and drops what is over.
 */
const mayBeConditional = (row: CalendarRow, now: number): boolean =>
  row.last_synced_at !== null && row.last_status !== 'failed' && utcDay(Date.parse(row.last_synced_at)) === utcDay(now);

/** A GET of the feed under the outbound rules (SSRF checked at every fetch, no redirects, time and size caps), conditional when it may be. */
async function fetchFeed(services: Services, row: CalendarRow, now: number, signal?: AbortSignal): Promise<Fetched> {
  const headers: Record<string, string> = { accept: 'text/calendar, text/plain;q=0.9, */*;q=0.1' };
  if (mayBeConditional(row, now)) {
    if (row.etag) headers['if-none-match'] = row.etag;
    if (row.last_modified) headers['if-modified-since'] = row.last_modified;
  }
  const response = await outboundRequest(row.url, {
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: MAX_FEED_BYTES,
    allowPrivateAddresses: services.config.calendars.allowPrivateAddresses,
    headers,
    accept: (status) => (status >= 200 && status < 300) || status === 304,
    ...(signal ? { signal } : {}),
  });
  if (response.status === 304) return { kind: 'not-modified' };
  return { kind: 'feed', text: new TextDecoder('utf-8').decode(response.body), etag: header(response.headers.etag), lastModified: header(response.headers['last-modified']) };
}

/** Makes the product's reservations hold exactly the calendar's blocks (no write when they do). */
async function materialize(services: Services, row: CalendarRow, blocks: FeedBlock[]): Promise<void> {
  const product = await services.storage.products.get(row.product_id);
  if (!product) throw Errors.CALENDAR_PRODUCT_GONE();
  if (holdsBlocks((JSON.parse(product.doc) as ProductDoc).availability?.reservationDates ?? [], row.id, blocks)) return;
  await changeProductAsService(services, row.product_id, (current) => {
    const availability = (current.availability ?? {}) as { reservationDates?: ReservationItem[] };
    const items = availability.reservationDates ?? [];
    if (holdsBlocks(items, row.id, blocks)) return current;
    return { ...current, availability: { ...availability, reservationDates: withCalendarBlocks(items, row.id, blocks) } as unknown as JsonObject };
  });
}

/** Why a sync failed, in words for the calendar's owner. */
function failureMessage(error: unknown): string {
  if (error instanceof OutboundError || error instanceof FeedError) return error.message;
  if (error instanceof APIError) return `The feed's events could not be stored on the product: ${error.items.map((item) => item.message).join(' ')}`;
  return 'The feed could not be synced (an unexpected fault; see the service log).';
}

/** Fetches, reads and stores one calendar's feed; the outcome as it is to be recorded. */
async function runSync(services: Services, row: CalendarRow, now: number, signal?: AbortSignal): Promise<SyncRecord & { status: SyncStatus }> {
  const timestamps = { last_synced_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString(), next_sync_at: now + services.config.calendars.syncInterval };
  try {
    const fetched = await fetchFeed(services, row, now, signal);
    if (fetched.kind === 'not-modified') {
      // The feed is as it was: its blocks stand, and go back on the product if a change took them off.
      await materialize(services, row, JSON.parse(row.blocks) as FeedBlock[]);
      return { ...timestamps, status: 'not-modified', last_status: 'not-modified', last_error: null };
    }
    const blocks = await parseFeedOffThread(fetched.text, { now });
    await materialize(services, row, blocks);
    return { ...timestamps, status: 'ok', last_status: 'ok', last_error: null, etag: fetched.etag, last_modified: fetched.lastModified, blocks: JSON.stringify(blocks) };
  } catch (error) {
    // A failed fetch or a feed that does not read keeps the previous blocks.
    if (!(error instanceof OutboundError || error instanceof FeedError || error instanceof APIError)) {
      services.log.warn({ err: error, calendar: row.id }, 'a calendar sync failed unexpectedly');
    }
    return { ...timestamps, status: 'failed', last_status: 'failed', last_error: failureMessage(error) };
  }
}

/** Takes the calendar's lease; with `wait`, waits for another instance's sync of it to end first. */
async function takeLease(services: Services, calendarId: string, wait: boolean): Promise<boolean> {
  const { leases } = services.storage;
  const { clock, holder } = services.jobs;
  const deadline = Date.now() + (wait ? WAIT_FOR_OTHER_MS : 0);
  for (;;) {
    const now = clock.now();
    if (await leases.take(leaseName(calendarId), holder, now, now + SYNC_LEASE_MS)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Runs `work` holding the calendar: in this process one holder at a time, and across instances
 * under a lease in the database. With `wait` it waits for another instance's hold to end
 * (up to 30 s); without, a calendar held elsewhere is left alone (undefined).
 */
export function holdingCalendar<T>(services: Services, calendarId: string, work: () => Promise<T>, wait = true): Promise<T | undefined> {
  return calendarLocks(services).run(calendarId, async () => {
    if (!(await takeLease(services, calendarId, wait))) return undefined;
    try {
      return await work();
    } finally {
      await services.storage.leases.extend(leaseName(calendarId), services.jobs.holder, services.jobs.clock.now()).catch(() => false);
    }
  });
}

/**
 * Syncs one calendar now: fetches its feed (a conditional GET), reads it, replaces its blocks
 * in the product's reservations and records the outcome (`lastStatus`, `lastError`, the
 * validators for the next fetch). One sync of a calendar at a time across instances (see
 * holdingCalendar): `wait` (a sync asked for by a request) waits for another instance's to end
 * and then syncs again; without it (the schedule) a calendar another instance is syncing is
 * left to it, and `onlyIfDue` leaves one that is no longer due once held. Answers the calendar
 * as stored after it, or undefined when it is gone or was left alone.
 */
export async function syncCalendar(services: Services, calendarId: string, options: { wait: boolean; onlyIfDue?: boolean; signal?: AbortSignal }): Promise<CalendarRow | undefined> {
  const synced = await holdingCalendar(
    services,
    calendarId,
    async () => {
      const row = await services.storage.calendars.get(calendarId);
      if (!row) return undefined;
      // The schedule read the calendar as due before it held it: another instance's sync may have run since.
      if (options.onlyIfDue && row.next_sync_at > services.jobs.clock.now()) return undefined;
      const { status, ...record } = await runSync(services, row, services.jobs.clock.now(), options.signal);
      // The calendar as it will read after the sync, its conflicts against the product as the sync left it.
      const product = await services.storage.products.get(row.product_id);
      const doc = docOf({ ...row, ...record }, product ? ((JSON.parse(product.doc) as ProductDoc).availability?.reservationDates ?? []) : []);
      await services.storage.calendars.recordSync(row.id, row.url, record, async (trx) => {
        // calendar.synced (with the calendar's conflicts) or calendar.failed (with lastError), with the outcome (SPEC 11).
        await services.storage.outbox.append(trx, [{ type: status === 'failed' ? 'calendar.failed' : 'calendar.synced', data: JSON.stringify(doc), owner: row.owner_id }]);
      });
      return services.storage.calendars.get(calendarId);
    },
    options.wait,
  );
  return synced ?? undefined;
}
