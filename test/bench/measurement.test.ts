import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { describeTarget, fromLoad, judge } from '../../bench/measurement.js';
import type { Load } from '../../bench/load.js';
import type { Service } from '../../bench/service.js';

const service: Service = { build: { label: 'test', root: '.' }, url: 'http://127.0.0.1:1', pids: [], startupMs: 0, stop: async () => {} };
const load = (requestsPerSecond: number, p50: number, p99: number, failures = 0): Load => ({
  requestsPerSecond,
  p50,
  p99,
  requests: Math.round(requestsPerSecond * 10) + failures,
  failures,
  failedStatuses: failures ? { 500: failures } : {},
  seconds: 10,
  loadCpuShare: 0.5,
});
const scenario = { scenario: 'updates' as const, title: 'updates', reference: 'C' as const, connections: 32 };

describe('benchmark measurements', () => {
  it('divide the rate by the mean of the references before and after it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (rate, before, after) => {
        const measured = fromLoad(scenario, service, load(rate, 1, 2), 0, { name: 'C', requestsPerSecond: before, connections: 32 }, { name: 'C', requestsPerSecond: after, connections: 32 });
        assert.equal(measured.ratio, Number((rate / ((before + after) / 2)).toFixed(4)));
        assert.deepEqual(measured.reference, { name: 'C', before, after });
      }),
    );
  });

  it('give the CPU time per answer, failed answers counted', () => {
    const measured = fromLoad(scenario, service, load(1000, 1, 2, 5), 2_010_000);
    assert.equal(measured.requests, 10_005);
    assert.equal(measured.cpuMicrosecondsPerRequest, Math.round(2_010_000 / 10_005));
    assert.equal(measured.ratio, undefined);
  });

  it('meet a target only with every part of it met and no failed answer', () => {
    const target = { ratio: 0.05, tail: 4 };
    const measure = (rate: number, p50: number, p99: number, failures = 0) =>
      judge({ ...fromLoad({ ...scenario, target }, service, load(rate, p50, p99, failures), 0, { name: 'C', requestsPerSecond: 20_000, connections: 32 }, { name: 'C', requestsPerSecond: 20_000, connections: 32 }) });
    assert.equal(measure(1000, 10, 40).pass, true);
    assert.equal(measure(990, 10, 40).pass, false, '0.0495 of C');
    assert.equal(measure(1000, 10, 40.1).pass, false, 'p99 above 4 × p50');
    assert.equal(measure(1000, 10, 40, 1).pass, false, 'a failed answer');
    assert.equal(describeTarget(target, 'C'), '≥ 0.05 × C, p99 ≤ 4 × p50');
  });

  it('judge reads beside a burst against their p99 alone', () => {
    const beside = (p99: number, p99Alone?: number) => judge({ ...fromLoad({ ...scenario, target: { besideFactor: 3 } }, service, load(100, 1, p99), 0), ...(p99Alone ? { p99Alone } : {}) });
    assert.equal(beside(3, 1).pass, true);
    assert.equal(beside(3.01, 1).pass, false);
    assert.equal(beside(1).pass, false, 'nothing to compare with');
  });
});
