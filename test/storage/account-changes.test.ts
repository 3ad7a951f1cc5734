import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { defaultConfig } from '../../src/config/defaults.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage } from '../../src/storage/storage.js';

describe('account writes and the read caches', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'account-changes-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a new account leaves the caches that follow accounts as they are; a changed one empties them', async () => {
    const storage = await openStorage(`file:${dataDir}/rental.db`, dataDir);
    try {
      const accounts = storage.changes.source('accounts');
      let heard = 0;
      accounts.onChange(() => heard++);
      const created = await createAccount({ config: defaultConfig(), storage }, 'system', { email: 'new@example.com', password: 'a long password', rentNameSystem: 'Nový' });
      assert.equal(heard, 0, 'registering changes nothing cached');
      const row = await storage.rents.get(created.id);
      assert.ok(row);
      assert.equal(await storage.rents.update(row.id, row.version, { rent_name_system: 'Přejmenovaný' }), true);
      assert.equal(heard, 1, 'a renamed owner changes the bodies that show it');
    } finally {
      await storage.close();
    }
  });
});
