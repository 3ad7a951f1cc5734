import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildProductDoc } from '../../src/domain/product-document.js';
import { toRecord } from '../../src/storage/product-record.js';
import { MissingMedia, MissingOwner, MissingTerm, TermInUse } from '../../src/storage/reference-errors.js';
import { openStorage, type Storage } from '../../src/storage/storage.js';
import { createPostgresDatabase, dialects } from '../helpers/server.js';

const at = '2026-11-21T00:00:00.000Z';
const recordOf = (id: string, images: string[], owner?: { id: string; term?: string }) =>
  toRecord(
    buildProductDoc(
      { basic: { product_name: `Product ${id}` }, gallery: { images }, ...(owner?.term ? { additional: { selectedTerm: owner.term } } : {}) },
      { id, slug: id, createdAt: at, updatedAt: at, ...(owner ? { ownerId: owner.id } : {}) },
    ),
  );

const profileWith = (termIds: string[]) => JSON.stringify({ basic: {}, terms: { termsArray: termIds.map((id) => ({ id, title: id, text: id })) } });

/**
 * The writes themselves refuse references that do not exist (any more): a gallery naming a
 * missing image, a product selecting a term its owner lacks, an account change removing a term a
 * product selects. The checks the API makes before read caches, and another write can land in
 * between.
 */
for (const dialect of dialects) {
  describe(`a write's references checked in its transaction (${dialect})`, () => {
    let storage: Storage;
    let cleanup: () => Promise<void>;

    before(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gallery-media-'));
      const removeDir = () => rmSync(dir, { recursive: true, force: true });
      if (dialect === 'postgres') {
        const database = await createPostgresDatabase();
        storage = await openStorage(database.url, dir);
        cleanup = async () => {
          await database.drop();
          removeDir();
        };
      } else {
        storage = await openStorage(`file:${join(dir, 'rental.db')}`, dir);
        cleanup = async () => removeDir();
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

    it('refuses a product whose owner does not exist (any more), and writes nothing', async () => {
      // No term, reservations or gallery: on PostgreSQL the one-statement insert, which the foreign key checks.
      await assert.rejects(storage.products.insert(recordOf('orphan', [], { id: 'gone-owner' })), (error: unknown) => error instanceof MissingOwner && error.ownerId === 'gone-owner');
      assert.equal(await storage.products.exists('orphan'), false);
      assert.equal(await storage.products.count({ searchWords: ['orphan'] }), 0, 'no texts left behind either');
    });

    it('refuses to change a gallery to a missing image, and leaves the product as it was', async () => {
      await storage.products.insert(recordOf('kept', []));
      const before = await storage.products.get('kept');
      await assert.rejects(storage.products.replace(recordOf('kept', ['89abcdef0123456789abcdef']), 1, recordOf('kept', [])), MissingMedia);
      assert.deepEqual(await storage.products.get('kept'), before);
    });

    it('refuses a product selecting a term its owner does not have, and an account change removing a term in use', async () => {
      const account = { id: 'owner-1', email: 'owner-1@example.com', password_hash: 'x', rent_name_system: 'Owner', roles: '[]', profile: profileWith(['t1', 't2']), locked_until: null, created_at: at, updated_at: at };
      await storage.rents.insert(account);
      await assert.rejects(storage.products.insert(recordOf('stray', [], { id: 'owner-1', term: 't9' })), (error: unknown) => error instanceof MissingTerm && error.termId === 't9');
      assert.equal(await storage.products.exists('stray'), false);
      await storage.products.insert(recordOf('chooser', [], { id: 'owner-1', term: 't2' }));
      await assert.rejects(storage.rents.update('owner-1', 1, { profile: profileWith(['t1']) }, ['t2']), (error: unknown) => error instanceof TermInUse && error.termId === 't2' && error.productId === 'chooser');
      const kept = await storage.rents.get('owner-1');
      assert.equal(kept?.profile, account.profile);
      assert.equal(kept?.version, 1);
      // A term nobody selects goes.
      assert.equal(await storage.rents.update('owner-1', 1, { profile: profileWith(['t2']) }, ['t1']), true);
    });
  });
}
