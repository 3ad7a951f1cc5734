import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refusedOverlap } from '../../src/domain/reservation-conflicts.js';
import type { ReservationItem } from '../../src/domain/product-schema.js';

const own = (id: string, from: string, to: string): ReservationItem => ({ id, from, to });
const block = (id: string, from: string, to: string): ReservationItem => ({ id, from, to, source: 'ical', calendar: 'c1' });

describe('which overlaps a write may not make', () => {
  it('refuses own reservations that overlap each other on create, as before', () => {
    assert.deepEqual(refusedOverlap([own('a', '2027-03-01', '2027-03-05'), own('b', '2027-03-05', '2027-03-06')])?.sort(), [0, 1]);
    assert.equal(refusedOverlap([own('a', '2027-03-01', '2027-03-04'), own('b', '2027-03-05', '2027-03-06')]), undefined);
    assert.equal(refusedOverlap([own('t', '2027-03-01T10:00:00Z', '2027-03-01T12:00:00Z'), own('u', '2027-03-01T12:00:00Z', '2027-03-01T13:00:00Z')]), undefined, 'touching date-times');
  });

  it('lets imported blocks overlap anything, and keeps an overlap already stored', () => {
    const stored = [own('a', '2027-03-01', '2027-03-05'), block('x', '2027-03-04', '2027-03-08'), block('y', '2027-03-06', '2027-03-07')];
    assert.equal(refusedOverlap(stored, stored), undefined, 'nothing changed');
    assert.equal(refusedOverlap(stored, [stored[0] as ReservationItem]), undefined, 'the import added blocks over an own reservation');
    const notes = stored.map((item) => (item.id === 'a' ? { ...item, note: 'changed note' } : item));
    assert.equal(refusedOverlap(notes, stored), undefined, 'a changed note is no move');
  });

  it('refuses an own reservation that is added or moved onto anything', () => {
    const stored = [own('a', '2027-03-01', '2027-03-02'), block('x', '2027-03-04', '2027-03-08')];
    assert.deepEqual(refusedOverlap([...stored, own('b', '2027-03-07', '2027-03-09')], stored)?.sort(), [1, 2]);
    const moved = [own('a', '2027-03-03', '2027-03-04'), stored[1] as ReservationItem];
    assert.deepEqual(refusedOverlap(moved, stored)?.sort(), [0, 1]);
    // An item that pretends to be imported is still an own reservation's neighbour: only own items are "fresh".
    assert.equal(refusedOverlap([...stored, block('z', '2027-03-01', '2027-03-01')], stored), undefined);
  });
});
