import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { openStorage } from '../src/storage/storage.js';
import { CLI_ARGS } from '../scripts/start-command.js';

const run = promisify(execFile);

describe('npm run rental -- seed:demo', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-seed-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) => run(process.execPath, [...CLI_ARGS, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });

  it('fills an empty database with a believable catalogue and prints a demo login', async () => {
    const { stdout } = await cli('seed:demo');
    assert.match(stdout, /Seeded 300 products, 24 images and 6 rental businesses/);
    const login = /Demo login \(admin\): (\S+) \/ (\S+)/.exec(stdout);
    assert.ok(login, stdout);
    const storage = await openStorage(`file:${dataDir}/rental.db`, dataDir);
    try {
      assert.equal(await storage.products.count({}), 300);
      const published = await storage.products.count({ where: { kind: 'compare', field: { path: 'settings.published', column: 'published', type: 'boolean', sortable: false }, op: 'equals', value: true } });
      assert.ok(published > 150 && published < 300, `published ${published}`);
      const owner = await storage.rents.getByEmail(login[1] as string);
      assert.ok(owner);
      assert.deepEqual(JSON.parse(owner.roles), ['admin']);
      const rows = await storage.products.list({}, [], 300, 0);
      const docs = rows.map((row) => JSON.parse(row.doc) as { basic: { location: string }; availability: { reservationDates: unknown[] }; gallery: { images: unknown[] } });
      assert.ok(new Set(docs.map((doc) => doc.basic.location)).size >= 8, 'several towns');
      assert.ok(docs.some((doc) => doc.availability.reservationDates.length > 0), 'some reservations');
      assert.ok(docs.some((doc) => doc.gallery.images.length > 0), 'some galleries');
      assert.ok(new Set(rows.map((row) => row.owner_id)).size === 6, 'six businesses');
      const additional = rows.map((row) => (JSON.parse(row.doc) as { additional: Record<string, unknown> }).additional);
      for (const rule of ['buffer_before', 'buffer_after', 'min_duration', 'max_duration', 'lead_time', 'price_tiers']) {
        assert.ok(additional.some((fields) => fields[rule] !== undefined), `some products have ${rule}`);
      }
      assert.match(stdout, /Bookings: .*requested/);
      const bookings = await storage.bookings.list({}, [], 100, 0);
      const statuses = new Set(bookings.map((row) => row.status));
      for (const status of ['requested', 'confirmed', 'declined', 'cancelled', 'expired']) assert.ok(statuses.has(status), `a ${status} booking`);
      const confirmed = bookings.filter((row) => row.status === 'confirmed').map((row) => JSON.parse(row.doc) as { id: string; product: string });
      const held = await storage.products.getDocs(confirmed.map((booking) => booking.product));
      for (const booking of confirmed) {
        const doc = JSON.parse(held.find((row) => row.id === booking.product)?.doc ?? '{}') as { availability?: { reservationDates: { bookingId?: string }[] } };
        assert.ok(doc.availability?.reservationDates.some((item) => item.bookingId === booking.id), 'a confirmed booking holds its reservation');
      }
    } finally {
      await storage.close();
    }
  });

  it('refuses to seed a database that already has products', async () => {
    await assert.rejects(cli('seed:demo'), (error: { stderr: string }) => /already has products/.test(error.stderr));
  });
});
