import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ProductDoc } from '../../src/domain/product-schema.js';
import { busyTimeline } from '../../src/domain/rental/busy.js';
import { dayStatuses } from '../../src/domain/rental/days.js';
import { rentalFactsOf, reservationsAround, reservationsOf, reservedIntervals } from '../../src/domain/rental/facts.js';
import { productRules } from '../../src/domain/rental/rules.js';
import { availabilityJson } from '../../src/operations/rental/availability-json.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BASE = Date.UTC(2027, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const date = (ms: number) => iso(ms).slice(0, 10);

const reservation = fc.record({
  start: fc.integer({ min: 0, max: 200 * 24 }).map((hours) => BASE + hours * HOUR),
  hours: fc.integer({ min: 1, max: 24 * 20 }),
  asDates: fc.boolean(),
  imported: fc.boolean(),
});
const duration = fc.option(fc.constantFrom('PT1H', 'PT12H', 'P1D', 'P2D', 'PT30M'), { nil: undefined });

/** A stored product document with these reservations and buffers (only what the rental endpoints read). */
function docOf(items: { start: number; hours: number; asDates: boolean; imported: boolean }[], before: string | undefined, after: string | undefined, published: boolean): ProductDoc {
  const reservationDates = items.map((item, index) => {
    const end = item.start + item.hours * HOUR;
    const [from, to] = item.asDates ? [date(item.start), date(end - 1)] : [iso(item.start), iso(end)];
    return { id: `r${index}`, from, to, ...(item.imported ? { source: 'ical', calendar: 'c' } : {}) };
  });
  return {
    id: 'p1',
    settings: { published },
    additional: { price: 10, ...(before ? { buffer_before: before } : {}), ...(after ? { buffer_after: after } : {}) },
    availability: { reservationDates },
  } as unknown as ProductDoc;
}

describe("a product's rental facts", () => {
  it('give the calendar the bytes it answered from the whole document', () => {
    const window = fc.record({ start: fc.integer({ min: -20, max: 220 }).map((days) => BASE + days * DAY), days: fc.integer({ min: 1, max: 366 }) });
    fc.assert(
      fc.property(fc.array(reservation, { maxLength: 12 }), duration, duration, window, (items, before, after, asked) => {
        const doc = docOf(items, before, after, true);
        const first = asked.start;
        const last = first + (asked.days - 1) * DAY;
        const span = { start: first, end: last + DAY };
        // As the endpoint answered before the facts: every reservation of the parsed document, serialised by JSON.stringify.
        const rules = productRules(doc);
        const busy = busyTimeline(reservationsOf(doc), { before: rules.bufferBefore, after: rules.bufferAfter }, span);
        const expected = JSON.stringify({
          product: 'p1',
          from: date(first),
          to: date(last),
          busy: busy.map((interval) => ({ from: iso(interval.start), to: iso(interval.end), kind: interval.kind })),
          days: dayStatuses(first, last, busy).map((day, index) => ({ date: date(first + index * DAY), status: day.status })),
        });
        const facts = rentalFactsOf(doc);
        const fromFacts = busyTimeline(reservationsAround(facts, span), { before: facts.rules.bufferBefore, after: facts.rules.bufferAfter }, span);
        assert.equal(availabilityJson('p1', first, last, fromFacts), expected);
      }),
      { numRuns: 300 },
    );
  });

  it('give the quote the rules, prices and reservations of the document', () => {
    fc.assert(
      fc.property(fc.array(reservation, { maxLength: 6 }), duration, duration, fc.boolean(), (items, before, after, published) => {
        const doc = docOf(items, before, after, published);
        const facts = rentalFactsOf(doc);
        assert.deepEqual(facts.rules, productRules(doc));
        assert.deepEqual(reservedIntervals(facts), reservationsOf(doc).map((item) => item.interval));
        assert.deepEqual([facts.published, facts.price, facts.caution, facts.timeUnit], [published, 10, undefined, undefined]);
      }),
      { numRuns: 100 },
    );
  });
});
