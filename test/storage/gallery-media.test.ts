import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildProductDoc } from '../../src/domain/product-document.js';
import { toRecord } from '../../src/operations/products/persist-product.js';
import { MissingMedia } from '../../src/storage/missing-media.js';
import { openStorage, type Storage } from '../../src/storage/storage.js';
import { createPostgresDatabase, dialects } from '../helpers/server.js';

const at = '2026-11-21T00:00:00.000Z';
const recordOf = (id: string, images: string[]) =>
  toRecord(buildProductDoc({ basic: { product_name: `Product ${id}` }, gallery: { images } }, { id, slug: id, createdAt: at, updatedAt: at }));

/**
 * The write itself refuses a gallery naming media that do not exist (any more): the check the
 * API makes before it reads a cache, and a deletion can land in between.
 */
for (const dialect of dialects) {
  describe(`a write's gallery against the stored media (${dialect})`, () => {
    let storage: Storage;
    let cleanup: () => Promise<void>;

    before(async () => {
      if (dialect === 'postgres') {
        const database = await createPostgresDatabase();
        storage = await openStorage(database.url, mkdtempSync(join(tmpdir(), 'gallery-media-')));
        cleanup = database.drop;
      } else {
        const dir = mkdtempSync(join(tmpdir(), 'gallery-media-'));
        storage = await openStorage(`file:${join(dir, 'rental.db')}`, dir);
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
      }
    });
    after(async () => {
      await storage.close();
      await cleanup();
    });

    it('refuses to create a product whose gallery names a missing image, and writes nothing', async () => {
      await assert.rejects(storage.products.insert(recordOf('lonely', ['0123456789abcdef01234567'])), (error: unknown) => error instanceof MissingMedia && error.mediaId === '0123456789abcdef01234567');
      assert.equal(await storage.products.exists('lonely'), false);
    });

    it('refuses to change a gallery to a missing image, and leaves the product as it was', async () => {
      await storage.products.insert(recordOf('kept', []));
      const before = await storage.products.get('kept');
      await assert.rejects(storage.products.replace(recordOf('kept', ['89abcdef0123456789abcdef']), 1, recordOf('kept', [])), MissingMedia);
      assert.deepEqual(await storage.products.get('kept'), before);
    });
  });
}
