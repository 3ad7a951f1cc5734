import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findOverlap, parseBoundary, parseInterval } from '../../src/domain/reservations.js';

const DAY = 86_400_000;

describe('reservation intervals', () => {
  it('reads whole dates as inclusive UTC days and date-times as instants', () => {
    assert.equal(parseBoundary('2026-12-01', 'start'), Date.UTC(2026, 11, 1));
    assert.equal(parseBoundary('2026-12-01', 'end'), Date.UTC(2026, 11, 1) + DAY);
    assert.equal(parseBoundary('2026-12-01T10:00:00+02:00', 'start'), Date.UTC(2026, 11, 1, 8));
    for (const bad of ['2026-02-30', '2026-12-01T10:00:00', '01.12.2026', '2026-12-01T25:00:00Z', '']) {
      assert.equal(parseBoundary(bad, 'start'), undefined, bad);
    }
  });

  it('allows one-day bookings and refuses empty or reversed intervals', () => {
    assert.deepEqual(parseInterval('2026-12-01', '2026-12-01', 'r').errors, []);
    assert.deepEqual(parseInterval('2026-12-02', '2026-12-01', 'r').errors.map((e) => e.field), ['r.to']);
    assert.deepEqual(parseInterval('2026-12-01T10:00Z', '2026-12-01T10:00Z', 'r').errors.map((e) => e.field), ['r.to']);
    assert.deepEqual(parseInterval(5, null, 'r').errors.map((e) => e.field), ['r.from', 'r.to']);
  });

  it('finds overlaps in any order; touching half-open intervals do not overlap', () => {
    const day = (d: number) => ({ start: d * DAY, end: (d + 1) * DAY });
    assert.equal(findOverlap([day(1), day(2), day(3)]), undefined);
    assert.deepEqual(findOverlap([day(5), { start: 0, end: 10 * DAY }, day(7)])?.sort(), [0, 1]);
    assert.deepEqual(findOverlap([{ start: 0, end: 100 }, { start: 200, end: 300 }, { start: 50, end: 60 }])?.sort(), [0, 2]);
  });
});
