import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChangeFeed } from '../../src/storage/change-feed.js';

describe('change feed', () => {
  it('moves a source only on the topics it follows, and the whole feed on any', () => {
    const feed = new ChangeFeed();
    const rows = feed.source('products');
    const bodies = feed.source('products', 'accounts', 'media');
    const heard: string[] = [];
    rows.onChange(() => heard.push('rows'));
    const stop = feed.source('accounts').onChange(() => heard.push('accounts'));
    const [rows0, bodies0, all0] = [rows.generation, bodies.generation, feed.generation];

    feed.bump('accounts');
    assert.equal(rows.generation, rows0, 'an account change leaves product rows');
    assert.notEqual(bodies.generation, bodies0);
    assert.notEqual(feed.generation, all0);
    assert.deepEqual(heard, ['accounts']);

    feed.bump('products');
    assert.notEqual(rows.generation, rows0);
    assert.deepEqual(heard, ['accounts', 'rows']);

    stop();
    const rows1 = rows.generation;
    feed.bump();
    assert.notEqual(rows.generation, rows1, 'a change of everything moves every source');
    assert.deepEqual(heard, ['accounts', 'rows', 'rows'], 'a listener that stopped hears nothing');
  });

  it('passes the key a change names to the listeners of its topic, and none for a change of everything', () => {
    const feed = new ChangeFeed();
    const keys: (string | undefined)[] = [];
    feed.source('products').onChange((key) => keys.push(key));
    feed.bump('products', 'p-1');
    feed.bump('products');
    feed.bump();
    assert.deepEqual(keys, ['p-1', undefined, undefined]);
    assert.equal(feed.payload('products', 'p-1'), `${feed.origin}|products:p-1`);
    assert.equal(feed.payload('media'), `${feed.origin}|media`);
    assert.equal(feed.payload(), `${feed.origin}|`, 'a change of everything');
    assert.match(feed.origin, /^[0-9a-f]{12}$/);
  });

  it('tells an onCommitted listener each change with its topic and key, a change of everything once per topic', () => {
    const feed = new ChangeFeed();
    const heard: unknown[] = [];
    const stop = feed.onCommitted((change) => heard.push(change));
    feed.bump('products', 'p-1');
    feed.bump('sessions');
    feed.bump();
    stop();
    feed.bump('media');
    assert.deepEqual(heard, [
      { topic: 'products', key: 'p-1' },
      { topic: 'sessions' },
      { topic: 'products' },
      { topic: 'accounts' },
      { topic: 'sessions' },
      { topic: 'media' },
    ]);
  });
});
