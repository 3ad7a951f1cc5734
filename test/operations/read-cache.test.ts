import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ReadCache } from '../../src/read-model/read-cache.js';
import { liveHeap, slicedFromLongUrl } from '../helpers/heap.js';

describe('read cache', () => {
  it('stays within its bytes, evicting the least recently used entries first', () => {
    const cache = new ReadCache<string>(400);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, 100, cache.generation);
    assert.equal(cache.get('a'), 'a');
    cache.set('e', 'e', 100, cache.generation);
    assert.equal(cache.get('b'), undefined, 'b was the least recently used');
    assert.equal(cache.get('a'), 'a', 'a was read, so it stayed');
    // Order now c, d, e, a (read again just above): f, g, h, i push out c, d, e, then a.
    for (const key of ['f', 'g', 'h', 'i']) cache.set(key, key, 100, cache.generation);
    const kept = ['a', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].filter((key) => cache.get(key) !== undefined);
    assert.deepEqual(kept, ['f', 'g', 'h', 'i']);
    assert.equal(cache.room, 0);
  });

  it('keeps null and other falsy values as themselves, apart from a miss', async () => {
    const cache = new ReadCache<{ name: string } | null | number | string>(1000);
    for (const [key, value] of [['none', null], ['zero', 0], ['empty', '']] as const) cache.set(key, value, 10, cache.generation);
    assert.equal(cache.get('none'), null);
    assert.equal(cache.get('zero'), 0);
    assert.equal(cache.get('empty'), '');
    assert.equal(cache.get('missing'), undefined);
    assert.equal(cache.size, 3);
    let loads = 0;
    const load = async () => ({ value: (loads++, null), size: 10 });
    assert.equal(await cache.getOrLoad('loaded', load), null);
    assert.equal(await cache.getOrLoad('loaded', load), null);
    assert.equal(loads, 1, 'a kept null is a hit');
  });

  it('counts the new size of an entry changed in place and set again', () => {
    const cache = new ReadCache<{ parts: string[] }>(4000);
    const entry = { parts: ['row'] };
    cache.set('p', entry, 100, cache.generation);
    assert.equal(cache.room, 3900);
    entry.parts.push('body');
    cache.set('p', entry, 300, cache.generation);
    assert.equal(cache.room, 3700);
    assert.equal(cache.get('p'), entry);
  });

  it('empties on a change and does not keep what was read before it', () => {
    const cache = new ReadCache<number>(1000);
    cache.set('x', 1, 10, cache.generation);
    const readAt = cache.generation;
    cache.changed();
    assert.equal(cache.get('x'), undefined);
    cache.set('y', 2, 10, readAt);
    assert.equal(cache.get('y'), undefined);
  });

  it('keeps exactly what a least-recently-used list would, however keys are replaced and read', () => {
    /** The reference: one Map in use order, a read or replaced entry moved to its end. */
    class Model {
      entries = new Map<string, number>();
      bytes = 0;
      constructor(readonly max: number) {}
      get(key: string) {
        const size = this.entries.get(key);
        if (size === undefined) return false;
        this.entries.delete(key);
        this.entries.set(key, size);
        return true;
      }
      set(key: string, size: number) {
        if (size > this.max / 4) return;
        const previous = this.entries.get(key);
        if (previous !== undefined) {
          this.bytes -= previous;
          this.entries.delete(key);
        }
        while (this.bytes + size > this.max) {
          const [oldestKey, oldest] = this.entries.entries().next().value as [string, number];
          this.entries.delete(oldestKey);
          this.bytes -= oldest;
        }
        this.entries.set(key, size);
        this.bytes += size;
      }
    }
    const operation = fc.record({ set: fc.boolean(), key: fc.integer({ min: 0, max: 60 }), size: fc.integer({ min: 1, max: 120 }) });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 3000 }), (operations) => {
        const cache = new ReadCache<number>(1000);
        const model = new Model(1000);
        for (const { set, key, size } of operations) {
          if (set) {
            cache.set(String(key), key, size, cache.generation);
            model.set(String(key), size);
          } else assert.equal(cache.get(String(key)) !== undefined, model.get(String(key)));
        }
        assert.equal(cache.size, model.entries.size);
        for (const key of model.entries.keys()) assert.equal(cache.get(key), Number(key));
      }),
      { numRuns: 300 },
    );
  });

  it('runs one load per key for every caller asking while it runs, and none that began before a change serves after it', async () => {
    const cache = new ReadCache<string>(1000);
    let loads = 0;
    const gates: (() => void)[] = [];
    const load = () => {
      loads++;
      const value = `v${loads}`;
      return new Promise<{ value: string; size: number }>((resolve) => gates.push(() => resolve({ value, size: 10 })));
    };
    const first = [cache.getOrLoad('k', load), cache.getOrLoad('k', load)];
    assert.equal(loads, 1, 'the second caller joins the running load');
    cache.changed();
    const after = cache.getOrLoad('k', load);
    assert.equal(loads, 2, 'after a change a new load starts');
    gates.forEach((open) => open());
    assert.deepEqual(await Promise.all(first), ['v1', 'v1']);
    assert.equal(await after, 'v2');
    assert.equal(cache.get('k'), 'v2', 'only the load begun after the change is kept');

    const failing = cache.getOrLoad('e', () => Promise.reject(new Error('boom')));
    await assert.rejects(failing, /boom/);
    assert.equal(await cache.getOrLoad('e', async () => ({ value: 'ok', size: 1 })), 'ok', 'a failed load is not remembered');
    assert.equal(await cache.getOrLoad('none', async () => undefined), undefined);
    assert.equal(cache.get('none'), undefined);
  });

  describe('keyed by the rows it holds (byKey)', () => {
    it('forgets only the entry a change names, and keeps no read of that key begun before it', () => {
        const cache = new ReadCache<string>(1000, { byKey: true });
      cache.set('a', 'a1', 10, cache.generation);
      cache.set('b', 'b1', 10, cache.generation);
      const readAt = cache.generation;
      cache.changed('a');
      assert.equal(cache.get('a'), undefined);
      assert.equal(cache.get('b'), 'b1', 'the other entry stays');
      cache.set('a', 'a-stale', 10, readAt);
      assert.equal(cache.get('a'), undefined, 'a read of a that began before its change is not kept');
      cache.set('c', 'c1', 10, readAt);
      assert.equal(cache.get('c'), 'c1', 'a read of another key that raced the change is kept');
      cache.set('a', 'a2', 10, cache.generation);
      assert.equal(cache.get('a'), 'a2');

      cache.changed();
      assert.equal(cache.size, 0, 'a change naming no key empties it');
      cache.set('b', 'b-stale', 10, readAt);
      assert.equal(cache.get('b'), undefined);
    });

    it('refuses every running read once more keys changed than it remembers', () => {
        const cache = new ReadCache<number>(100_000, { byKey: true });
      const readAt = cache.generation;
      for (let i = 0; i < 5000; i++) cache.changed(`k${i}`);
      cache.set('untouched', 1, 10, readAt);
      assert.equal(cache.get('untouched'), undefined);
      cache.set('untouched', 2, 10, cache.generation);
      assert.equal(cache.get('untouched'), 2);
    });

    it('a change to a key abandons its running load; loads of other keys finish and are kept', async () => {
        const cache = new ReadCache<string>(1000, { byKey: true });
      const gates: (() => void)[] = [];
      const load = (value: string) => () => new Promise<{ value: string; size: number }>((resolve) => gates.push(() => resolve({ value, size: 10 })));
      const before = cache.getOrLoad('x', load('x-old'));
      const other = cache.getOrLoad('y', load('y1'));
      cache.changed('x');
      const after = cache.getOrLoad('x', load('x-new'));
      gates.forEach((open) => open());
      assert.deepEqual(await Promise.all([before, other, after]), ['x-old', 'y1', 'x-new']);
      assert.equal(cache.get('x'), 'x-new');
      assert.equal(cache.get('y'), 'y1');
    });

    it('stays within its bytes and its queue stays bounded while keys are forgotten and set again', () => {
        const cache = new ReadCache<number>(1000, { byKey: true });
      for (let round = 0; round < 20_000; round++) {
        const key = String(round % 300);
        if (round % 3 === 0) cache.changed(key);
        else cache.set(key, round, 10, cache.generation);
      }
      assert.ok(cache.size <= 100, `${cache.size} entries of 10 bytes in 1000`);
    });
  });

  it('keeps keys of their own, not the longer strings they were sliced from: of entries, and of the changes it remembers', () => {
    const cache = new ReadCache<number>(1_000_000, { byKey: true });
    const keys = 300;
    const urlBytes = 100_000;
    // As long as product ids are: V8 copies a slice of fewer than 13 characters instead of pointing into its source.
    const keyOf = (name: string, index: number) => `${name}-${String(index).padStart(20, '0')}`;
    const before = liveHeap();
    for (let index = 0; index < keys; index++) cache.set(slicedFromLongUrl(keyOf('key', index), urlBytes), index, 10, cache.generation);
    const afterSets = liveHeap() - before;
    for (let index = 0; index < keys; index++) cache.changed(slicedFromLongUrl(keyOf('changed', index), urlBytes));
    const afterChanges = liveHeap() - before;
    assert.equal(cache.size, keys);
    assert.equal(cache.get(keyOf('key', 7)), 7);
    // Kept slices would hold keys × urlBytes = 30 MB each time.
    assert.ok(afterSets < (keys * urlBytes) / 4, `the heap grew by ${afterSets} bytes for ${keys} keys`);
    assert.ok(afterChanges < (keys * urlBytes) / 4, `the heap grew by ${afterChanges} bytes for ${keys} keys and ${keys} changes`);
  });
});
