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
});
