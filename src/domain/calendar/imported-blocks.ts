import { createHash } from 'node:crypto';
import type { ReservationItem } from '../product-schema.js';
import { IMPORTED_SOURCE, isImported } from '../reservation-conflicts.js';
import { overlaps, parseInterval, type Interval } from '../reservations.js';
import type { FeedBlock } from './parse-feed.js';

/** An imported block as the product's reservations hold it (SPEC section 10): no summary or attendee text. */
export interface ImportedItem extends ReservationItem {
  source: typeof IMPORTED_SOURCE;
  calendar: string;
}

/** An imported block overlapping an own reservation: kept, and listed. */
export interface Conflict {
  uid: string;
  from: string;
  to: string;
  reservationId: string;
}

/** The reservation id of a calendar's block: the same for the same event from sync to sync. */
export const blockId = (calendarId: string, uid: string): string => `ical-${createHash('sha256').update(`${calendarId}\n${uid}`).digest('hex').slice(0, 32)}`;

export const importedItems = (calendarId: string, blocks: readonly FeedBlock[]): ImportedItem[] =>
  blocks.map((block) => ({ id: blockId(calendarId, block.uid), from: block.from, to: block.to, source: IMPORTED_SOURCE, calendar: calendarId }));

const ofCalendar = (item: ReservationItem, calendarId: string) => isImported(item) && item.calendar === calendarId;

/** The reservations with the calendar's blocks replaced by `blocks` (the others' and own ones kept as they are). */
export function withCalendarBlocks(items: readonly ReservationItem[], calendarId: string, blocks: readonly FeedBlock[]): ReservationItem[] {
  return [...items.filter((item) => !ofCalendar(item, calendarId)), ...importedItems(calendarId, blocks)];
}

/** Whether the reservations already hold exactly the calendar's blocks. */
export function holdsBlocks(items: readonly ReservationItem[], calendarId: string, blocks: readonly FeedBlock[]): boolean {
  const held = new Map(items.filter((item) => ofCalendar(item, calendarId)).map((item) => [item.id, item]));
  const wanted = importedItems(calendarId, blocks);
  return held.size === wanted.length && wanted.every((item) => held.get(item.id)?.from === item.from && held.get(item.id)?.to === item.to);
}

const intervalOf = (from: string, to: string): Interval | undefined => parseInterval(from, to, '').interval;

/** Every pair of a block and an own reservation that overlap, earliest block first. */
export function conflictsOf(blocks: readonly FeedBlock[], items: readonly ReservationItem[]): Conflict[] {
  const own = items.filter((item) => !isImported(item)).flatMap((item) => {
    const interval = intervalOf(item.from, item.to);
    return interval ? [{ item, interval }] : [];
  });
  const conflicts: Conflict[] = [];
  for (const block of blocks) {
    const interval = intervalOf(block.from, block.to);
    if (!interval) continue;
    for (const reservation of own) {
      if (overlaps(interval, reservation.interval)) conflicts.push({ uid: block.uid, from: block.from, to: block.to, reservationId: reservation.item.id });
    }
  }
  return conflicts;
}
