import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { withoutReserved } from '../../src/read-model/products/id-lists.js';

describe('a cached id list less the reserved ids', () => {
  it('pages exactly as filtering the whole list would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(320), fc.nat(40), fc.integer(), (size, share, start, count, seed) => {
        const base = Array.from({ length: size }, (_, i) => `p${i}`);
        const reserved = new Set(base.filter((_, i) => ((i * 2654435761 + seed) >>> 0) % 1000 < share * 1000));
        const kept = base.filter((id) => !reserved.has(id));
        const list = withoutReserved(base, reserved);
        assert.equal(list.length, kept.length);
        assert.deepEqual(list.slice(start, start + count), kept.slice(start, start + count));
      }),
      { numRuns: 2000 },
    );
  });
});
