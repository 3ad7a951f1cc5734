import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { createProduct } from '../../src/operations/products/create-product.js';
import { updateProduct } from '../../src/operations/products/update-product.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage } from '../../src/storage/storage.js';
import { liveHeap, slicedFromLongUrl } from '../helpers/heap.js';
import { TEST_SECRET } from '../helpers/server.js';

const PRODUCTS = 300;
const URL_BYTES = 100_000;

/** A product id as a route gets it: a slice of a long request URL. */
const slicedId = (index: number): string => slicedFromLongUrl(`written-${String(index).padStart(5, '0')}`, URL_BYTES);

describe('products kept after a write', () => {
  it('keep their id, not the request URL it was sliced from', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'written-ids-'));
    const storage = await openStorage(`file:${dataDir}/rental.db`, dataDir);
    const config = defaultConfig();
    const { app, services } = await buildApp({ config, storage, secret: TEST_SECRET, dataDir });
    try {
      const owner = await createAccount({ config, storage }, 'system', { email: 'owner@example.com', password: 'correct horse battery', rentNameSystem: 'Owner' });
      const caller = { user: { id: owner.id, email: 'owner@example.com', rentNameSystem: 'Owner', roles: [] } };
      const body = () => ({ basic: { product_name: 'Vrtačka', location: 'Brno' }, settings: { published: true } });
      await createProduct(services, caller, { id: 'warm-up', body: body(), depth: 1 });

      const before = liveHeap();
      for (let index = 0; index < PRODUCTS; index++) {
        const { product } = await createProduct(services, caller, { id: slicedId(index), body: body(), depth: 1 });
        assert.equal(product.id, `written-${String(index).padStart(5, '0')}`);
      }
      const afterCreates = liveHeap() - before;
      for (let index = 0; index < PRODUCTS; index++) {
        await updateProduct(services, caller, slicedId(index), { additional: { price: index } }, { depth: 1 });
      }
      const afterUpdates = liveHeap() - before;

      // Kept URLs would be PRODUCTS × URL_BYTES = 30 MB; the products themselves are a few hundred bytes each.
      const limit = (PRODUCTS * URL_BYTES) / 4;
      assert.ok(afterCreates < limit, `the heap grew by ${afterCreates} bytes over ${PRODUCTS} creates`);
      assert.ok(afterUpdates < limit, `the heap grew by ${afterUpdates} bytes over ${PRODUCTS} creates and updates`);
      assert.ok(services.readModel.caches.products.get('written-00000'), 'the written product is kept for reads');
    } finally {
      await app.close();
      await storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
