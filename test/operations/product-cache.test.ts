import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProductCaches, type ProductEntry } from '../../src/operations/products/product-cache.js';
import { ChangeFeed } from '../../src/storage/change-feed.js';

const ENTRY_BYTES = 10 * 1024;
const entry = (): ProductEntry => ({ bodies: [undefined, undefined], etags: [undefined, undefined] });

/** How many of `count` bodies of 10 KB the product cache still holds after storing them all. */
function heldOf(budgetBytes: number | undefined, count: number): number {
  const feed = new ChangeFeed();
  const { products } = budgetBytes === undefined ? createProductCaches(feed) : createProductCaches(feed, budgetBytes);
  for (let index = 0; index < count; index++) products.set(`p${index}`, entry(), ENTRY_BYTES, products.generation);
  let held = 0;
  for (let index = 0; index < count; index++) if (products.get(`p${index}`)) held++;
  return held;
}

describe('the read caches budget', () => {
  it('gives products 40 of the default 84 MB', () => {
    const held = heldOf(undefined, 10_000);
    assert.ok(held > 3800 && held <= 40 * 1024 * 1024 / ENTRY_BYTES, `${held}`);
  });

  it('grows and shrinks with the budget it is given (CACHE_MB)', () => {
    assert.equal(heldOf(920 * 1024 * 1024, 20_000), 20_000);
    const small = heldOf(8.4 * 1024 * 1024, 5000);
    assert.ok(small > 200 && small <= 4 * 1024 * 1024 / ENTRY_BYTES, `${small}`);
  });

  it('keeps product bodies through session changes, and forgets them on an account change', () => {
    const feed = new ChangeFeed();
    const { products } = createProductCaches(feed);
    products.set('p', entry(), ENTRY_BYTES, products.generation);
    feed.bump('sessions');
    assert.ok(products.get('p'), 'a refreshed or revoked token changes no body');
    feed.bump('accounts');
    assert.equal(products.get('p'), undefined, 'bodies show their owner');
  });
});
