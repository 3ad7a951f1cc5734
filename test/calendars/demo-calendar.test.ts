import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { openStorage } from '../../src/storage/storage.js';
import { CLI_ARGS } from '../../scripts/start-command.js';
import { TEST_SECRET } from '../helpers/server.js';

const run = promisify(execFile);

/** A port nothing listens on just now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the demo’s imported calendar', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-demo-calendar-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('subscribes one demo product to another’s feed, served by the demo itself, and syncs on start', async () => {
    const port = await freePort();
    const { stdout } = await run(process.execPath, [...CLI_ARGS, 'seed:demo', '--products', '20'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), PUBLIC_URL: '' } });
    const announced = /Imported calendar ([0-9a-f]{24}): product (\S+) subscribes to (\S+)/.exec(stdout);
    assert.ok(announced, stdout);
    const [, calendarId, target, url] = announced as unknown as [string, string, string, string];
    const source = /\/api\/products\/([^/]+)\/calendar\.ics$/.exec(url)?.[1];
    assert.ok(url.startsWith(`http://127.0.0.1:${port}/`) && source, url);

    const storage = await openStorage(`file:${dataDir}/rental.db`, dataDir);
    const config = defaultConfig();
    config.calendars.allowPrivateAddresses = true;
    const { app } = await buildApp({ config, storage, secret: TEST_SECRET, dataDir });
    try {
      await app.listen({ port, host: '127.0.0.1' });
      const deadline = Date.now() + 20_000;
      let calendar = await storage.calendars.get(calendarId);
      while (calendar?.last_status !== 'ok' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        calendar = await storage.calendars.get(calendarId);
      }
      assert.equal(calendar?.last_status, 'ok', calendar?.last_error ?? '');
      type Doc = { availability: { reservationDates: { from: string; to: string; source?: string }[] } };
      const [sourceRow, targetRow] = await storage.products.getDocs([source as string, target]);
      const own = (JSON.parse(sourceRow?.doc ?? '{}') as Doc).availability.reservationDates.filter((item) => item.source !== 'ical');
      const imported = (JSON.parse(targetRow?.doc ?? '{}') as Doc).availability.reservationDates.filter((item) => item.source === 'ical');
      const now = Date.now();
      const instant = (text: string) => (text.length === 10 ? text : new Date(text).toISOString());
      // The feed's past reservations are left out of an import.
      const future = own.filter((item) => Date.parse(item.to.length === 10 ? `${item.to}T23:59:59Z` : item.to) > now);
      assert.deepEqual(imported.map((item) => [item.from, item.to]).sort(), future.map((item) => [instant(item.from), instant(item.to)]).sort());
    } finally {
      await app.close();
      await storage.close();
    }
  });
});
