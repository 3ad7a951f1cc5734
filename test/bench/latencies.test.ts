import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Latencies } from '../../bench/latencies.js';

describe('benchmark latencies', () => {
  it('give the nearest-rank percentile of everything recorded', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 2000 }), fc.integer({ min: 1, max: 100 }), (values, percent) => {
        const latencies = new Latencies();
        for (const value of values) latencies.add(value);
        const sorted = [...values].sort((a, b) => a - b);
        assert.equal(latencies.percentile(percent), sorted[Math.ceil((percent / 100) * sorted.length) - 1]);
      }),
      { numRuns: 200 },
    );
  });

  it('keep fractions of a millisecond', () => {
    const latencies = new Latencies();
    for (const value of [0.41, 0.42, 0.43, 1.9]) latencies.add(value);
    assert.equal(latencies.percentile(50), 0.42);
    assert.equal(latencies.percentile(99), 1.9);
    assert.equal(new Latencies().percentile(50), 0);
  });

  it('keep every value beyond the first allocation', () => {
    const latencies = new Latencies();
    for (let index = 100_000; index > 0; index--) latencies.add(index / 1000);
    assert.equal(latencies.percentile(50), 50);
    assert.equal(latencies.percentile(100), 100);
    assert.equal(latencies.percentile(1), 1);
  });
});
