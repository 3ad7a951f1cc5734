import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { changeCaches, checkedAgainst, createProductCaches, entrySize, productEntry, type ProductEntry } from '../../src/read-model/products/product-cache.js';
import { etagOf } from '../../src/operations/products/etag.js';
import { parseAccessWhere } from '../../src/domain/where/parse-where.js';
import { productFields } from '../../src/domain/product-fields.js';
import type { ProductReadRow } from '../../src/storage/products-repository.js';
import { BodyFile } from '../../src/read-model/body-file.js';
import { ChangeFeed } from '../../src/storage/change-feed.js';
import { rentalFactsOf } from '../../src/domain/rental/facts.js';
import type { ProductDoc } from '../../src/domain/product-schema.js';

const ENTRY_BYTES = 10 * 1024;
const entry = (): ProductEntry => ({});

/** How many of `count` bodies of 10 KB the product cache still holds after storing them all. */
function heldOf(budgetBytes: number | undefined, count: number): number {
  const { products } = budgetBytes === undefined ? createProductCaches() : createProductCaches(budgetBytes);
  for (let index = 0; index < count; index++) products.set(`p${index}`, entry(), ENTRY_BYTES, products.generation);
  let held = 0;
  for (let index = 0; index < count; index++) if (products.get(`p${index}`)) held++;
  return held;
}

describe('the read caches budget', () => {
  it('gives products 72 of the default 106 MB', () => {
    const held = heldOf(undefined, 10_000);
    assert.ok(held > 7000 && held <= 72 * 1024 * 1024 / ENTRY_BYTES, `${held}`);
  });

  it('holds a catalogue of 100,000 products written or read once at depth 1, with their rental facts, bodies in the file, at the default budget', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'product-cache-'));
    const file = BodyFile.open(dir, 64 * 1024 * 1024);
    try {
      const { products } = createProductCaches(undefined, file);
      const anonymous = parseAccessWhere({ 'settings.published': { equals: true } }, productFields);
      const body = Buffer.from('{"id":"p"}');
      // Three reservations each, and buffers on a third of them, as the bench's products have.
      const docWith = (buffers: boolean) =>
        ({
          settings: { published: true },
          additional: { price: 120, caution: 500, time_unit: 'day', ...(buffers ? { buffer_before: 1, buffer_after: 1 } : {}) },
          availability: { reservationDates: [1, 2, 3].map((month) => ({ from: `2027-0${month}-01`, to: `2027-0${month}-05` })) },
        }) as unknown as ProductDoc;
      const docs = [docWith(true), docWith(false), docWith(false)];
      for (let index = 0; index < 100_000; index++) {
        const row = { id: `p${index}`, owner_id: 'o', published: 1, doc: '{}', owner_name: null, owner_profile: null } as unknown as ProductReadRow;
        // As a first read keeps it (read-product.ts, keepWritten).
        const read = productEntry(row);
        read.row = undefined;
        read.checked = checkedAgainst(anonymous, row);
        read.body1 = file.keep(body);
        read.etag1 = etagOf(`${index}`);
        read.rental = rentalFactsOf(docs[index % 3] as ProductDoc);
        products.set(row.id, read, entrySize(read), products.generation);
        if (index % 5000 === 0) while (file.backlog > 0) await new Promise((written) => setTimeout(written, 1));
      }
      assert.equal(products.size, 100_000);
    } finally {
      file.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('grows and shrinks with the budget it is given (CACHE_MB)', () => {
    assert.equal(heldOf(920 * 1024 * 1024, 20_000), 20_000);
    const small = heldOf(8.4 * 1024 * 1024, 5000);
    assert.ok(small > 200 && small <= ((8.4 * 72) / 106) * 1024 * 1024 / ENTRY_BYTES, `${small}`);
  });

  it('keeps product bodies through session changes, and forgets them on an account change', () => {
    const feed = new ChangeFeed();
    const caches = createProductCaches();
    feed.onCommitted((change) => changeCaches(caches, change));
    const { products } = caches;
    products.set('p', entry(), ENTRY_BYTES, products.generation);
    feed.bump('sessions');
    assert.ok(products.get('p'), 'a refreshed or revoked token changes no body');
    feed.bump('accounts');
    assert.equal(products.get('p'), undefined, 'bodies show their owner');
  });

  it('tells each cache only the changes it follows: a product change forgets that product and every list', () => {
    const caches = createProductCaches();
    const fill = () => {
      for (const id of ['p', 'q']) caches.products.set(id, entry(), 100, caches.products.generation);
      caches.ids.set('list', ['p', 'q'], 100, caches.ids.generation);
      caches.counts.set('count', 2, 100, caches.counts.generation);
      caches.images.set('m', null, 100, caches.images.generation);
    };
    const held = () => [caches.products.get('p'), caches.products.get('q'), caches.ids.get('list'), caches.counts.get('count'), caches.images.get('m')].map((value) => value !== undefined);
    fill();
    changeCaches(caches, { topic: 'products', key: 'p' });
    assert.deepEqual(held(), [false, true, false, false, true]);
    fill();
    changeCaches(caches, { topic: 'accounts' });
    assert.deepEqual(held(), [false, false, true, true, true], 'lists and counts depend on product rows alone');
    fill();
    changeCaches(caches, { topic: 'media' });
    assert.deepEqual(held(), [false, false, true, true, false]);
  });
});
