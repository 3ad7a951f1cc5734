import type { ProductDoc } from '../product-schema.js';
import { parseInterval, type Interval } from '../reservations.js';
import { productRules, rentalRules, type RentalRules } from './rules.js';

export type ReservationKind = 'reserved' | 'external';

/** A product's reservations as intervals, each with the kind the calendar shows it as (imports are `external`). */
export function reservationsOf(doc: ProductDoc): { interval: Interval; kind: ReservationKind }[] {
  return (doc.availability?.reservationDates ?? []).flatMap((item) => {
    const { interval } = parseInterval(item.from, item.to, '');
    return interval ? [{ interval, kind: item.source === 'ical' ? ('external' as const) : ('reserved' as const) }] : [];
  });
}

/**
 * What the quote and the availability calendar (SPEC 8) read of a product, parsed once from
 * its document so that the read model can keep it per product: a few numbers instead of the
 * document, which the two endpoints would otherwise parse on every request.
 */
export interface RentalFacts {
  readonly published: boolean;
  readonly rules: RentalRules;
  readonly price: number | undefined;
  readonly caution: number | undefined;
  readonly timeUnit: string | undefined;
  /**
   * Its reservations, bare, as flat triples (start, end, and 1 for an imported block, 0 for
   * the others): one array of numbers takes a fraction of the memory of an object each.
   */
  readonly reservations: readonly number[];
}

const RULE_FIELDS = ['min_duration', 'max_duration', 'buffer_before', 'buffer_after', 'lead_time', 'price_tiers'] as const;

/** The rules of a product that sets none, shared by every such product's facts. */
const NO_RULES: RentalRules = Object.freeze({ ...rentalRules(undefined), priceTiers: Object.freeze([]) });

/** The reservations of a product that has none, shared. */
const NONE: readonly number[] = Object.freeze([]);

export function rentalFactsOf(doc: ProductDoc): RentalFacts {
  const additional = doc.additional;
  const items = reservationsOf(doc);
  // Allocated at its length: an array grown by push keeps room for more.
  const reservations: number[] = items.length === 0 ? (NONE as number[]) : new Array<number>(items.length * 3);
  items.forEach(({ interval, kind }, index) => {
    reservations[index * 3] = interval.start;
    reservations[index * 3 + 1] = interval.end;
    reservations[index * 3 + 2] = kind === 'external' ? 1 : 0;
  });
  return {
    published: doc.settings.published,
    rules: RULE_FIELDS.some((field) => additional?.[field] !== undefined) ? productRules(doc) : NO_RULES,
    price: additional?.price,
    caution: additional?.caution,
    timeUnit: additional?.time_unit,
    reservations,
  };
}

/** The bare intervals of the facts' reservations. */
export function reservedIntervals(facts: RentalFacts): Interval[] {
  const intervals: Interval[] = [];
  const flat = facts.reservations;
  for (let i = 0; i + 2 < flat.length; i += 3) intervals.push({ start: flat[i] as number, end: flat[i + 1] as number });
  return intervals;
}

/**
 * Roughly what the facts take on V8's heap: the object, the array of reservations (8 bytes a
 * number), and rules of their own when the product sets any.
 */
export const factsSize = (facts: RentalFacts): number => 120 + 8 * facts.reservations.length + (facts.rules === NO_RULES ? 0 : 80 + 24 * facts.rules.priceTiers.length);

/**
 * The reservations, with their kinds, that can show in a window: those whose interval widened
 * by the buffers reaches into it. The others would be clipped away whole (see busyTimeline).
 */
export function reservationsAround(facts: RentalFacts, window: Interval): { interval: Interval; kind: ReservationKind }[] {
  const { bufferBefore, bufferAfter } = facts.rules;
  const flat = facts.reservations;
  const items: { interval: Interval; kind: ReservationKind }[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const start = flat[i] as number;
    const end = flat[i + 1] as number;
    if (start - bufferBefore < window.end && end + bufferAfter > window.start) items.push({ interval: { start, end }, kind: flat[i + 2] === 1 ? 'external' : 'reserved' });
  }
  return items;
}
