import type { ReservationItem } from './product-schema.js';
import { parseInterval, type Interval } from './reservations.js';

/** Blocks imported from another calendar carry this `source` (SPEC section 10). */
export const IMPORTED_SOURCE = 'ical';

export const isImported = (item: ReservationItem): boolean => item.source === IMPORTED_SOURCE;

const intervalOf = (item: ReservationItem): Interval => {
  const { interval } = parseInterval(item.from, item.to, '');
  if (!interval) throw new Error('refusedOverlap called on unvalidated items');
  return interval;
};

const sameItem = (a: ReservationItem, b: ReservationItem | undefined) => b !== undefined && a.from === b.from && a.to === b.to && isImported(a) === isImported(b);

/**
 * The first pair of overlapping reservations a write may not make, as indexes into `items`:
 * a pair of which one is an own reservation the write adds or changes (one not in `previous`
 * as it was). Imported blocks may overlap anything (another channel's booking is a fact; the
 * overlap is a conflict to show, not to refuse), and an overlap already stored stays allowed,
 * so that an import's conflicts do not make every later change of the product a 409.
 */
export function refusedOverlap(items: readonly ReservationItem[], previous: readonly ReservationItem[] = []): [number, number] | undefined {
  const before = new Map(previous.map((item) => [item.id, item]));
  const fresh = items.map((item) => !isImported(item) && !sameItem(item, before.get(item.id)));
  if (!fresh.includes(true)) return undefined;
  const order = items.map((item, index) => ({ index, interval: intervalOf(item) })).sort((a, b) => a.interval.start - b.interval.start);
  for (let i = 0; i < order.length; i++) {
    const first = order[i] as (typeof order)[number];
    for (let j = i + 1; j < order.length; j++) {
      const second = order[j] as (typeof order)[number];
      if (second.interval.start >= first.interval.end) break;
      if (fresh[first.index] || fresh[second.index]) return [first.index, second.index];
    }
  }
  return undefined;
}

/**
 * The reservations of bookings (those with a `bookingId`) that a write removes or moves: a
 * confirmed booking's reservation is its hold on the time (SPEC 8, 9), freed by cancelling it.
 */
export function bookingReservationsTouched(items: readonly ReservationItem[], previous: readonly ReservationItem[] = []): (ReservationItem & { bookingId: string })[] {
  const now = new Map(items.map((item) => [item.id, item]));
  return previous.filter((item): item is ReservationItem & { bookingId: string } => {
    if (typeof item.bookingId !== 'string') return false;
    const kept = now.get(item.id);
    return kept === undefined || kept.bookingId !== item.bookingId || !sameTime(kept, item);
  });
}

/** The same interval, however written (`…T10:00:00Z` and `…T12:00:00+02:00`, dates as dates). */
function sameTime(a: ReservationItem, b: ReservationItem): boolean {
  const first = intervalOf(a);
  const second = intervalOf(b);
  return first.start === second.start && first.end === second.end;
}
