import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { parseFeed } from '../../src/domain/calendar/parse-feed.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage, type Storage } from '../../src/storage/storage.js';
import { calendarFixture } from '../helpers/calendar-fixtures.js';
import { ManualClock } from '../helpers/clock.js';
import { startFeedServer, type FeedServer } from '../helpers/feed-server.js';
import { HttpClient } from '../helpers/http.js';
import { TEST_SECRET, createPostgresDatabase, dialects, listenOnLoopback } from '../helpers/server.js';

const SYNC_INTERVAL = 900_000;
type Calendar = { id: string; lastStatus: string; events: number };
type Item = { id: string; source?: string; calendar?: string };

for (const dialect of dialects) {
  describe(`two instances syncing the same calendar (${dialect})`, () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'rental-cal-a-')), mkdtempSync(join(tmpdir(), 'rental-cal-b-'))];
    let drop = async () => {};
    const storages: Storage[] = [];
    const apps: FastifyInstance[] = [];
    const clients: HttpClient[] = [];
    const clock = new ManualClock();
    let feeds: FeedServer;
    let token: string;

    before(async () => {
      feeds = await startFeedServer();
      let url = `file:${dirs[0]}/rental.db`;
      if (dialect === 'postgres') ({ url, drop } = await createPostgresDatabase());
      for (const dir of dirs) {
        const storage = await openStorage(url, dir);
        const config = defaultConfig();
        config.rateLimit = false;
        config.calendars = { syncInterval: SYNC_INTERVAL, allowPrivateAddresses: true };
        const { app } = await buildApp({ config, storage, secret: TEST_SECRET, dataDir: dir, clock });
        storages.push(storage);
        apps.push(app);
        clients.push(new HttpClient(await listenOnLoopback(app)));
      }
      await createAccount({ config: defaultConfig(), storage: storages[0] as Storage }, 'system', { email: 'two@example.com', password: 'correct horse battery', rentNameSystem: 'Two' });
      token = (await (clients[0] as HttpClient).post<{ token: string }>('/api/rents/login', { email: 'two@example.com', password: 'correct horse battery' })).body.token;
    });
    after(async () => {
      for (const app of apps) await app.close();
      for (const storage of storages) await storage.close();
      await feeds.close();
      await drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    async function subscribedProduct(id: string, path: string): Promise<{ calendar: Calendar; blocks: () => Promise<Item[]> }> {
      const [a] = clients as [HttpClient];
      assert.equal((await a.post(`/api/products/${id}`, { basic: { product_name: id } }, token)).status, 201);
      const res = await a.post<{ doc: Calendar }>('/api/calendars', { product: id, url: feeds.url(path) }, token);
      assert.equal(res.status, 201, res.text);
      const blocks = async () => ((await a.get<{ availability: { reservationDates: Item[] } }>(`/api/products/${id}`, token)).body.availability.reservationDates).filter((item) => item.source === 'ical');
      return { calendar: res.body.doc, blocks };
    }

    it('syncs asked for on both at once run one at a time, and leave each block once', async () => {
      const body = calendarFixture('google-calendar.ics', clock.now());
      const expected = parseFeed(body, { now: clock.now() }).length;
      // Each answer takes a while, so that the syncs asked for together overlap.
      feeds.serve('/together.ics', { body, etag: false, delayMs: 400 });
      const { calendar, blocks } = await subscribedProduct('together-1', '/together.ics');
      const spans: { instance: number; start: number; end: number; status: number; lastStatus: string }[] = [];
      await Promise.all(
        [0, 1, 0, 1].map(async (instance) => {
          const start = Date.now();
          const res = await (clients[instance] as HttpClient).post<Calendar>(`/api/calendars/${calendar.id}`, { action: 'sync' }, token);
          spans.push({ instance, start, end: Date.now(), status: res.status, lastStatus: res.body.lastStatus });
        }),
      );
      assert.deepEqual(spans.map((span) => span.status), [200, 200, 200, 200]);
      assert.ok(spans.every((span) => span.lastStatus === 'ok'), JSON.stringify(spans));
      // The race happened: the four requests were in flight together…
      const latestStart = Math.max(...spans.map((span) => span.start));
      const earliestEnd = Math.min(...spans.map((span) => span.end));
      assert.ok(latestStart < earliestEnd, 'the requests overlapped');
      // …and the feed was fetched once per sync, never twice at once.
      assert.equal(feeds.requestsOf('/together.ics').length, 5);
      assert.equal(feeds.mostAtOnce('/together.ics'), 1);
      const held = await blocks();
      assert.equal(held.length, expected);
      assert.equal(new Set(held.map((item) => item.id)).size, expected, 'no block twice');
    });

    it('the schedule fetches a calendar once an interval, whichever instance runs it', async () => {
      feeds.serve('/scheduled.ics', { body: calendarFixture('booking-com.ics', clock.now()), etag: false });
      const { calendar } = await subscribedProduct('scheduled-1', '/scheduled.ics');
      const fetches = () => feeds.requestsOf('/scheduled.ics').length;
      assert.equal(fetches(), 1);
      // A minute at a time, both instances' jobs tick; over three intervals the feed is fetched three times.
      // Each step waits until a due sync is recorded, so that the clock never outruns a sync
      // under way on a slow machine (a sync's lease runs on this clock too).
      const storage = storages[0] as Storage;
      for (let moved = 0; moved < 3 * SYNC_INTERVAL + 30_000; moved += 60_000) {
        clock.advance(60_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
        for (let waited = 0; ((await storage.calendars.get(calendar.id))?.next_sync_at ?? 0) <= clock.now() && waited < 10_000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(fetches(), 4);
    });
  });
}
