import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseInterval, type Interval } from '../../src/domain/reservations.js';
import { durationMs } from '../../src/domain/duration.js';
import { pricedUnit, unitLengths, unitsOf } from '../../src/domain/rental/units.js';
import { unitPriceFor } from '../../src/domain/rental/tiers.js';
import { blockedBy, collides, mergeIntervals, widen } from '../../src/domain/rental/intervals.js';
import { busyTimeline, type BusyInterval, type BusyKind } from '../../src/domain/rental/busy.js';
import { dayStatuses } from '../../src/domain/rental/days.js';
import { quote } from '../../src/domain/rental/quote.js';
import { rentalRules } from '../../src/domain/rental/rules.js';
import { BOOKING_STATUSES, isTransition, mayTransition } from '../../src/domain/bookings/states.js';

const H = 3_600_000;
const D = 24 * H;
const at = (text: string) => Date.parse(text);
const span = (from: string, to: string): Interval => {
  const { interval } = parseInterval(from, to, '');
  assert.ok(interval, `${from}–${to}`);
  return interval;
};

describe('ISO 8601 durations', () => {
  it('parses days, hours, weeks, and fixed months and years', () => {
    assert.equal(durationMs('P2D'), 2 * D);
    assert.equal(durationMs('PT4H'), 4 * H);
    assert.equal(durationMs('P1W'), 7 * D);
    assert.equal(durationMs('P1DT12H'), 36 * H);
    assert.equal(durationMs('PT90M'), 1.5 * H);
    assert.equal(durationMs('PT0S'), 0);
    // A month is 30 days and a year 365, as the units are (SPEC 8).
    assert.equal(durationMs('P1M'), 30 * D);
    assert.equal(durationMs('P1Y'), 365 * D);
  });

  it('refuses what is not a whole duration, and negative parts', () => {
    for (const text of ['', 'P', 'PT', 'P1DT', '1D', 'p1d', 'P-1D', '-P1D', 'PT-4H', 'P1D ', 'P1D2W', 'two days', 7, null, {}]) {
      assert.equal(durationMs(text), undefined, JSON.stringify(text));
    }
  });
});

describe('units in the product time unit, rounded up', () => {
  const units = (from: string, to: string, unit: string) => unitsOf(span(from, to), pricedUnit(unit).ms);

  it('counts a date reservation as whole UTC days, `to` inclusive', () => {
    assert.equal(units('2026-12-01', '2026-12-03', 'day'), 3);
    assert.equal(units('2026-12-01', '2026-12-01', 'day'), 1);
    assert.equal(units('2026-12-01', '2026-12-03', 'hour'), 72);
  });

  it('rounds any part of a unit up: one hour of a daily product is a day', () => {
    assert.equal(units('2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z', 'day'), 1);
    assert.equal(units('2026-12-01T10:00:00Z', '2026-12-02T10:00:00Z', 'day'), 1);
    assert.equal(units('2026-12-01T10:00:00Z', '2026-12-02T10:00:00.001Z', 'day'), 2);
    assert.equal(units('2026-12-01T10:00:00Z', '2026-12-01T10:00:01Z', 'hour'), 1);
  });

  it('counts a month as 30 days: 30 days are one month, 31 two', () => {
    assert.equal(units('2027-04-01', '2027-04-30', 'month'), 1);
    assert.equal(units('2027-01-01', '2027-01-31', 'month'), 2);
    assert.equal(units('2027-01-01', '2027-01-07', 'week'), 1);
    assert.equal(units('2027-01-01', '2027-01-08', 'week'), 2);
    assert.equal(units('2027-01-01', '2027-12-31', 'year'), 1);
    assert.equal(units('2028-01-01', '2028-12-31', 'year'), 2, '2028 has 366 days');
  });

  it('counts instants across a change of offset: a DST night is 23 hours', () => {
    assert.equal(units('2027-03-27T12:00:00+01:00', '2027-03-28T12:00:00+02:00', 'hour'), 23);
    assert.equal(units('2027-03-27T12:00:00+01:00', '2027-03-28T12:00:00+02:00', 'day'), 1);
    assert.equal(units('2027-10-30T12:00:00+02:00', '2027-10-31T12:00:00+01:00', 'hour'), 25);
    assert.equal(units('2027-10-30T12:00:00+02:00', '2027-10-31T12:00:00+01:00', 'day'), 2);
  });

  it('counts a product without a unit in days, and one of a unit with no known length in days under its own name', () => {
    assert.deepEqual(pricedUnit(undefined), { name: 'day', ms: D });
    assert.deepEqual(pricedUnit('night'), { name: 'night', ms: D });
    assert.deepEqual(pricedUnit('constructor'), { name: 'constructor', ms: D }, 'own lengths only');
    assert.deepEqual(pricedUnit('fortnight', unitLengths(['day', { name: 'fortnight', length: 'P14D' }])), { name: 'fortnight', ms: 14 * D });
  });
});

describe('price tiers', () => {
  const tiers = [{ min_units: 3, price: 80 }, { min_units: 7, price: 60 }];

  it('apply from their min_units on, the largest that fits winning', () => {
    assert.equal(unitPriceFor(1, 100, tiers), 100);
    assert.equal(unitPriceFor(2, 100, tiers), 100);
    assert.equal(unitPriceFor(3, 100, tiers), 80);
    assert.equal(unitPriceFor(6, 100, tiers), 80);
    assert.equal(unitPriceFor(7, 100, tiers), 60);
    assert.equal(unitPriceFor(70, 100, tiers), 60);
    assert.equal(unitPriceFor(1, undefined, tiers), undefined);
    assert.equal(unitPriceFor(7, undefined, tiers), 60);
  });
});

describe('rules read from a product', () => {
  it('reads durations and tiers, buffers defaulting to none', () => {
    assert.deepEqual(rentalRules({ min_duration: 'P2D', buffer_after: 'PT4H', price_tiers: [{ min_units: 2, price: 1 }] }), {
      minDuration: 2 * D, maxDuration: undefined, leadTime: undefined, bufferBefore: 0, bufferAfter: 4 * H, priceTiers: [{ min_units: 2, price: 1 }],
    });
    assert.deepEqual(rentalRules(undefined).priceTiers, []);
  });
});

describe('buffers and interval merging', () => {
  const buffers = { before: 2 * H, after: 1 * H };
  const held = { start: 10 * H, end: 20 * H };

  it('widens a reservation, and blocks what would come closer than both buffers', () => {
    assert.deepEqual(widen(held, buffers), { start: 8 * H, end: 21 * H });
    assert.deepEqual(blockedBy(held, buffers), { start: 7 * H, end: 23 * H });
    // A rental after it must leave its own buffer before and the reservation's after: 3 hours.
    assert.equal(collides({ start: 22 * H, end: 30 * H }, held, buffers), true);
    assert.equal(collides({ start: 23 * H, end: 30 * H }, held, buffers), false);
    assert.equal(collides({ start: 0, end: 7 * H }, held, buffers), false);
    assert.equal(collides({ start: 0, end: 7 * H + 1 }, held, buffers), true);
    assert.equal(collides({ start: 23 * H, end: 30 * H }, held, { before: 0, after: 0 }), false);
  });

  it('is the same as widening both sides and comparing', () => {
    for (let s = 0; s < 40; s++) {
      for (let e = s + 1; e < 44; e += 3) {
        const wanted = { start: s * H, end: e * H };
        const a = widen(wanted, buffers);
        const b = widen(held, buffers);
        assert.equal(collides(wanted, held, buffers), a.start < b.end && b.start < a.end, `${s}–${e}`);
      }
    }
  });

  it('merges overlapping and touching intervals', () => {
    assert.deepEqual(mergeIntervals([{ start: 5, end: 7 }, { start: 1, end: 3 }, { start: 3, end: 4 }, { start: 6, end: 9 }]), [{ start: 1, end: 4 }, { start: 5, end: 9 }]);
    assert.deepEqual(mergeIntervals([]), []);
  });
});

describe('the busy timeline and day statuses', () => {
  const window = { start: at('2026-12-01T00:00:00Z'), end: at('2026-12-08T00:00:00Z') };

  it('shows reservations, imports and their buffers, the strongest kind where they meet', () => {
    const timeline = busyTimeline(
      [
        { interval: span('2026-12-02', '2026-12-02'), kind: 'reserved' },
        { interval: span('2026-12-03T12:00:00Z', '2026-12-04T00:00:00Z'), kind: 'external' },
        { interval: span('2026-12-07T20:00:00Z', '2026-12-09T00:00:00Z'), kind: 'reserved' },
      ],
      { before: 0, after: 12 * H },
      window,
    );
    const iso = (ms: number) => new Date(ms).toISOString();
    assert.deepEqual(timeline.map((b) => [iso(b.start), iso(b.end), b.kind]), [
      ['2026-12-02T00:00:00.000Z', '2026-12-03T00:00:00.000Z', 'reserved'],
      ['2026-12-03T00:00:00.000Z', '2026-12-03T12:00:00.000Z', 'buffer'],
      ['2026-12-03T12:00:00.000Z', '2026-12-04T00:00:00.000Z', 'external'],
      ['2026-12-04T00:00:00.000Z', '2026-12-04T12:00:00.000Z', 'buffer'],
      ['2026-12-07T20:00:00.000Z', '2026-12-08T00:00:00.000Z', 'reserved'],
    ]);
    const days = dayStatuses(window.start, window.end - D, timeline);
    assert.deepEqual(days.map((d) => `${d.date} ${d.status}`), [
      '2026-12-01 free', '2026-12-02 busy', '2026-12-03 busy', '2026-12-04 partial', '2026-12-05 free', '2026-12-06 free', '2026-12-07 partial',
    ]);
  });

  it('lets a reservation win over a buffer that runs into it, and joins neighbours of one kind', () => {
    const timeline = busyTimeline(
      [
        { interval: span('2026-12-02', '2026-12-02'), kind: 'reserved' },
        { interval: span('2026-12-03', '2026-12-03'), kind: 'reserved' },
      ],
      { before: D, after: D },
      window,
    );
    assert.deepEqual(timeline.map((b) => [b.start, b.end, b.kind]), [
      [at('2026-12-01T00:00:00Z'), at('2026-12-02T00:00:00Z'), 'buffer'],
      [at('2026-12-02T00:00:00Z'), at('2026-12-04T00:00:00Z'), 'reserved'],
      [at('2026-12-04T00:00:00Z'), at('2026-12-05T00:00:00Z'), 'buffer'],
    ]);
  });
});

/**
 * The busy timeline by its definition, for comparison: every stretch between two consecutive
 * boundaries gets the strongest kind of the pieces covering it, neighbours of one kind joined.
 */
function timelineByDefinition(reservations: { interval: Interval; kind: 'reserved' | 'external' }[], before: number, after: number, window: Interval): BusyInterval[] {
  const pieces = reservations.flatMap(({ interval, kind }) => [
    { start: interval.start - before, end: interval.start, kind: 'buffer' as BusyKind },
    { start: interval.end, end: interval.end + after, kind: 'buffer' as BusyKind },
    { start: interval.start, end: interval.end, kind },
  ]);
  const bounds = [...new Set(pieces.flatMap((piece) => [piece.start, piece.end]).concat(window.start, window.end))]
    .filter((instant) => instant >= window.start && instant <= window.end)
    .sort((a, b) => a - b);
  const timeline: BusyInterval[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [start, end] = [bounds[i] as number, bounds[i + 1] as number];
    const covering = pieces.filter((piece) => piece.start <= start && end <= piece.end && piece.start < piece.end).map((piece) => piece.kind);
    const kind = (['reserved', 'external', 'buffer'] as const).find((candidate) => covering.includes(candidate));
    if (kind === undefined) continue;
    const last = timeline.at(-1);
    if (last && last.kind === kind && last.end === start) last.end = end;
    else timeline.push({ start, end, kind });
  }
  return timeline;
}

describe('the busy timeline against its definition', () => {
  it('is the same for any reservations, kinds, buffers and window', () => {
    const hours = fc.integer({ min: 0, max: 60 * 24 });
    const reservation = fc.record({ start: hours, length: fc.integer({ min: 0, max: 10 * 24 }), imported: fc.boolean() });
    fc.assert(
      fc.property(fc.array(reservation, { maxLength: 40 }), fc.constantFrom(0, 1, 12, 24, 48), fc.constantFrom(0, 4, 24), hours, fc.integer({ min: 1, max: 90 * 24 }), (items, before, after, windowStart, windowLength) => {
        const reservations = items.map((item) => ({ interval: { start: item.start * H, end: (item.start + item.length) * H }, kind: item.imported ? ('external' as const) : ('reserved' as const) }));
        const window = { start: windowStart * H, end: (windowStart + windowLength) * H };
        assert.deepEqual(busyTimeline(reservations, { before: before * H, after: after * H }, window), timelineByDefinition(reservations, before * H, after * H, window));
      }),
      { numRuns: 500 },
    );
  });
});

describe('a quote', () => {
  const now = at('2026-12-01T10:00:00Z');
  const rules = rentalRules({ min_duration: 'P2D', max_duration: 'P10D', lead_time: 'P1D', buffer_after: 'P1D', price_tiers: [{ min_units: 7, price: 70 }] });
  const ask = (from: string, to: string, extra: Partial<Parameters<typeof quote>[0]> = {}) =>
    quote({ interval: span(from, to), fromIsDate: !from.includes('T'), now, rules, price: 100, caution: 500, timeUnit: 'day', reservations: [], ...extra });

  it('prices units at the tier that applies, plus the caution', () => {
    assert.deepEqual(ask('2026-12-05', '2026-12-07'), { units: 3, time_unit: 'day', unitPrice: 100, price: 300, caution: 500, total: 800, violations: [] });
    const week = ask('2026-12-05', '2026-12-11');
    assert.deepEqual([week.units, week.unitPrice, week.price, week.total], [7, 70, 490, 990]);
    assert.deepEqual(ask('2026-12-05', '2026-12-07', { price: 0.1, caution: undefined }).price, 0.3);
  });

  it('names each broken rule under the field a request would', () => {
    assert.deepEqual(ask('2026-12-01', '2026-12-01').violations.map((v) => v.field), ['from', 'to']);
    assert.deepEqual(ask('2026-12-05', '2026-12-20').violations.map((v) => v.field), ['to']);
    // A date starts at 00:00 UTC: tomorrow begins 14 hours from now, sooner than the day of lead time.
    assert.deepEqual(ask('2026-12-02', '2026-12-03').violations.map((v) => v.field), ['from']);
    assert.deepEqual(ask('2026-12-03', '2026-12-04').violations, []);
    assert.deepEqual(ask('2026-12-02T09:00:00Z', '2026-12-04T09:00:00Z').violations.map((v) => v.field), ['from']);
    assert.deepEqual(ask('2026-12-02T10:00:00Z', '2026-12-04T10:00:00Z').violations, []);
    const taken = ask('2026-12-05', '2026-12-07', { reservations: [span('2026-12-01', '2026-12-04')] });
    assert.deepEqual(taken.violations.map((v) => v.field), ['from'], 'the buffer after the reservation');
  });

  it('without a lead time refuses only the past', () => {
    const free = rentalRules({});
    assert.deepEqual(ask('2026-12-01', '2026-12-01', { rules: free }).violations, [], 'today, as a date');
    assert.deepEqual(ask('2026-11-30', '2026-12-01', { rules: free }).violations.map((v) => v.field), ['from']);
    assert.deepEqual(ask('2026-12-01T09:00:00Z', '2026-12-01T12:00:00Z', { rules: free }).violations.map((v) => v.field), ['from']);
  });

  it('has no price where the product has none', () => {
    const q = ask('2026-12-05', '2026-12-06', { price: undefined, rules: rentalRules({}) });
    assert.deepEqual([q.unitPrice, q.price, q.total, q.caution], [null, null, null, 500]);
  });
});

describe('the booking state machine', () => {
  it('has exactly the transitions of SPEC 9', () => {
    const allowed = new Set(['requested>confirmed', 'requested>declined', 'requested>cancelled', 'requested>expired', 'confirmed>cancelled']);
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) assert.equal(isTransition(from, to), allowed.has(`${from}>${to}`), `${from} → ${to}`);
    }
  });

  it('lets each actor make only its own changes', () => {
    assert.equal(mayTransition('requested', 'confirmed', 'staff'), true);
    assert.equal(mayTransition('requested', 'confirmed', 'customer'), false);
    assert.equal(mayTransition('requested', 'declined', 'customer'), false);
    assert.equal(mayTransition('requested', 'cancelled', 'customer'), true);
    assert.equal(mayTransition('confirmed', 'cancelled', 'customer'), true);
    assert.equal(mayTransition('requested', 'expired', 'staff'), false);
    assert.equal(mayTransition('requested', 'expired', 'service'), true);
    assert.equal(mayTransition('confirmed', 'confirmed', 'staff'), false);
  });
});
