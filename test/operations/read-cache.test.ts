import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReadCache } from '../../src/operations/read-cache.js';
import { ChangeFeed } from '../../src/storage/change-feed.js';

describe('read cache', () => {
  it('stays within its bytes, evicting entries nobody read before those read since', () => {
    const cache = new ReadCache<string>(new ChangeFeed(), 400);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, 100, cache.generation);
    assert.equal(cache.get('a'), 'a');
    cache.set('e', 'e', 100, cache.generation);
    assert.equal(cache.get('b'), undefined, 'b was the oldest unread entry');
    assert.equal(cache.get('a'), 'a', 'a was read, so it had a second chance');
    // Order now c, d, e, a (read again just above): f, g, h push out c, d, e; i spares a once more and takes f.
    for (const key of ['f', 'g', 'h', 'i']) cache.set(key, key, 100, cache.generation);
    const kept = ['a', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].filter((key) => cache.get(key) !== undefined);
    assert.deepEqual(kept, ['a', 'g', 'h', 'i']);
  });

  it('empties on a change and does not keep what was read before it', () => {
    const feed = new ChangeFeed();
    const cache = new ReadCache<number>(feed, 1000);
    cache.set('x', 1, 10, cache.generation);
    const readAt = cache.generation;
    feed.bump();
    assert.equal(cache.get('x'), undefined);
    cache.set('y', 2, 10, readAt);
    assert.equal(cache.get('y'), undefined);
  });
});
