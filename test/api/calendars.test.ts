import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFeed } from '../../src/domain/calendar/parse-feed.js';
import { calendarFixture, fixtureYear } from '../helpers/calendar-fixtures.js';
import { ManualClock } from '../helpers/clock.js';
import { stepClock } from '../helpers/step-clock.js';
import { startFeedServer, hugeFeed, type FeedServer } from '../helpers/feed-server.js';
import { errorFields } from '../helpers/http.js';
import { readIcs } from '../helpers/read-ics.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

type Product = Record<string, any>;
type Calendar = {
  id: string;
  product: string;
  url: string;
  name?: string;
  lastSyncedAt: string | null;
  lastStatus: 'ok' | 'not-modified' | 'failed' | null;
  lastError?: string;
  events: number;
  conflicts: { uid: string; from: string; to: string; reservationId: string }[];
  createdAt: string;
  updatedAt: string;
};
type Item = { id: string; from: string; to: string; source?: string; calendar?: string; note?: string };

const SYNC_INTERVAL = 900_000;
const Y1 = fixtureYear(1);

for (const dialect of dialects) {
  describe(`imported calendars (${dialect})`, () => {
    let server: TestServer;
    let feeds: FeedServer;
    let clock: ManualClock;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };
    let productCount = 0;

    /** A product of the owner's, published unless told. */
    async function newProduct(body: Record<string, unknown> = {}, token = owner.token): Promise<string> {
      const id = `cal-product-${++productCount}`;
      const res = await server.http.post(`/api/products/${id}`, { basic: { product_name: `Karavan ${productCount}` }, settings: { published: true }, ...body }, token);
      assert.equal(res.status, 201, res.text);
      return id;
    }
    const product = async (id: string) => (await server.http.get<Product>(`/api/products/${id}`, owner.token)).body;
    const items = async (id: string): Promise<Item[]> => (await product(id)).availability.reservationDates;
    const imported = async (id: string, calendarId?: string) => (await items(id)).filter((item) => item.source === 'ical' && (!calendarId || item.calendar === calendarId));
    async function subscribe(productId: string, path: string, extra: Record<string, unknown> = {}): Promise<Calendar> {
      const res = await server.http.post<{ doc: Calendar; message: string }>('/api/calendars', { product: productId, url: feeds.url(path), ...extra }, owner.token);
      assert.equal(res.status, 201, res.text);
      assert.equal(typeof res.body.message, 'string');
      return res.body.doc;
    }
    const sync = async (id: string, token = owner.token) => {
      const res = await server.http.post<Calendar>(`/api/calendars/${id}`, { action: 'sync' }, token);
      assert.equal(res.status, 200, res.text);
      return res.body;
    };

    before(async () => {
      feeds = await startFeedServer();
      clock = new ManualClock();
      server = await startServer(dialect, (config) => {
        config.calendars.allowPrivateAddresses = true;
        config.calendars.syncInterval = SYNC_INTERVAL;
      }, { clock });
      owner = await server.signUp();
      other = await server.signUp();
      admin = await server.signUp({ admin: true });
    });
    after(async () => {
      await server.close();
      await feeds.close();
    });

    it('imports a feed on creation as external blocks with no text, and never exports them again', async () => {
      feeds.serve('/airbnb.ics', { body: calendarFixture('airbnb.ics', clock.now()) });
      const productId = await newProduct();
      const calendar = await subscribe(productId, '/airbnb.ics', { name: 'Airbnb' });
      assert.match(calendar.id, /^[0-9a-f]{24}$/);
      assert.deepEqual({ ...calendar, id: '', lastSyncedAt: '', createdAt: '', updatedAt: '' }, {
        id: '', product: productId, url: feeds.url('/airbnb.ics'), name: 'Airbnb', lastSyncedAt: '', lastStatus: 'ok', events: 4, conflicts: [], createdAt: '', updatedAt: '',
      });
      assert.equal(calendar.lastSyncedAt, new Date(clock.now()).toISOString());
      const expected = parseFeed(calendarFixture('airbnb.ics', clock.now()), { now: clock.now() });
      const blocks = await imported(productId);
      assert.deepEqual(blocks.map(({ from, to, source, calendar: of }) => ({ from, to, source, calendar: of })), expected.map(({ from, to }) => ({ from, to, source: 'ical', calendar: calendar.id })));
      for (const block of blocks) {
        assert.deepEqual(Object.keys(block).sort(), ['calendar', 'from', 'id', 'source', 'to']);
        assert.match(block.id, /^ical-[0-9a-f]{32}$/);
      }
      const text = JSON.stringify(await product(productId));
      for (const secret of ['Reserved', 'Not available', 'HMB4K9WQ3R', '0937']) assert.ok(!text.includes(secret), secret);
      // The product's public feed shows none of them (no loops between channels).
      assert.deepEqual(readIcs((await server.http.get(`/api/products/${productId}/calendar.ics`)).text).events, []);
      // They block like reservations: the owner's reserve over one is a 409, the availability filter leaves the product out.
      const over = await server.http.post(`/api/products/${productId}`, { action: 'reserve', from: `${Y1}-03-12`, to: `${Y1}-03-12` }, owner.token);
      assert.equal(over.status, 409, over.text);
      const free = await server.http.post(`/api/products/${productId}`, { action: 'reserve', from: `${Y1}-03-18`, to: `${Y1}-03-19` }, owner.token);
      assert.equal(free.status, 200, free.text);
      const listed = await server.http.get<{ docs: Product[] }>(`/api/products?where[id][equals]=${productId}&availableFrom=${Y1}-07-10&availableTo=${Y1}-07-11`);
      assert.deepEqual(listed.body.docs, []);
      const feedRequest = feeds.requestsOf('/airbnb.ics')[0];
      assert.equal(feedRequest?.headers['if-none-match'], undefined, 'the first fetch is not conditional');
    });

    it('select narrows calendars: lists, reads, changes and the sync', async () => {
      feeds.serve('/select.ics', { body: calendarFixture('airbnb.ics', clock.now()) });
      const calendar = await subscribe(await newProduct(), '/select.ics', { name: 'Vybrané' });
      const listed = await server.http.get<{ docs: object[] }>(`/api/calendars?where[id][equals]=${calendar.id}&select[name]=true`, owner.token);
      assert.deepEqual(listed.body.docs, [{ id: calendar.id, name: 'Vybrané' }]);
      const read = await server.http.get<object>(`/api/calendars/${calendar.id}?select[lastStatus]=true`, owner.token);
      assert.deepEqual(read.body, { id: calendar.id, lastStatus: 'ok' });
      const renamed = await server.http.patch<{ doc: object }>(`/api/calendars/${calendar.id}?select[name]=true`, { name: 'Jiné' }, owner.token);
      assert.deepEqual(renamed.body.doc, { id: calendar.id, name: 'Jiné' });
      const synced = await server.http.post<object>(`/api/calendars/${calendar.id}?select[events]=true`, { action: 'sync' }, owner.token);
      assert.deepEqual(synced.body, { id: calendar.id, events: 4 });
    });

    it('refuses bad bodies naming every field, and follows who owns the product', async () => {
      const productId = await newProduct();
      const empty = await server.http.post('/api/calendars', {}, owner.token);
      assert.equal(empty.status, 400);
      assert.deepEqual(new Set(errorFields(empty.body)), new Set(['product', 'url']));
      const wrong = await server.http.post('/api/calendars', { product: 'no-such-product', url: 'ftp://feeds.example/x.ics', colour: 'red' }, owner.token);
      assert.equal(wrong.status, 400);
      assert.deepEqual(new Set(errorFields(wrong.body)), new Set(['colour', 'product', 'url']), wrong.text);
      const refused = await server.http.post('/api/calendars', { product: 'no-such-product', url: 'ftp://feeds.example/x.ics' }, owner.token);
      assert.deepEqual(new Set(errorFields(refused.body)), new Set(['product', 'url']));
      assert.equal((await server.http.post('/api/calendars', { product: productId, url: feeds.url('/airbnb.ics') })).status, 401);
      assert.equal((await server.http.post('/api/calendars', { product: productId, url: feeds.url('/airbnb.ics') }, other.token)).status, 403, 'a published product of someone else');
      const hidden = await newProduct({ settings: { published: false } });
      const unseen = await server.http.post('/api/calendars', { product: hidden, url: feeds.url('/airbnb.ics') }, other.token);
      assert.equal(unseen.status, 400, 'a hidden product is as missing');
      assert.deepEqual(errorFields(unseen.body), ['product']);
      const byAdmin = await server.http.post<{ doc: Calendar }>('/api/calendars', { product: hidden, url: feeds.url('/airbnb.ics') }, admin.token);
      assert.equal(byAdmin.status, 201, byAdmin.text);

      // Only the owner and admins see a calendar: its URL is a secret.
      const mine = await subscribe(productId, '/airbnb.ics');
      assert.equal((await server.http.get(`/api/calendars/${mine.id}`)).status, 401);
      assert.equal((await server.http.get(`/api/calendars/${mine.id}`, other.token)).status, 404);
      assert.equal((await server.http.get(`/api/calendars/${mine.id}`, admin.token)).status, 200);
      assert.equal((await server.http.post(`/api/calendars/${mine.id}`, { action: 'sync' }, other.token)).status, 404);
      assert.equal((await server.http.delete(`/api/calendars/${mine.id}`, other.token)).status, 404);
      const list = await server.http.get<{ docs: Calendar[]; totalDocs: number }>(`/api/calendars?where[product][equals]=${productId}`, owner.token);
      assert.deepEqual(list.body.docs.map((doc) => doc.id), [mine.id]);
      assert.equal((await server.http.get<{ totalDocs: number }>('/api/calendars', other.token)).body.totalDocs, 0);
      const all = await server.http.get<{ docs: Calendar[] }>('/api/calendars?limit=100', admin.token);
      assert.ok(all.body.docs.some((doc) => doc.id === byAdmin.body.doc.id) && all.body.docs.some((doc) => doc.id === mine.id));
      assert.equal((await server.http.get('/api/calendars')).status, 401);
      const unknownAction = await server.http.post(`/api/calendars/${mine.id}`, { action: 'fly' }, owner.token);
      assert.equal(unknownAction.status, 400);
      assert.deepEqual(errorFields(unknownAction.body), ['action']);
    });

    it('sends the validators back: a 304 keeps the blocks, lastStatus not-modified', async () => {
      feeds.serve('/booking.ics', { body: calendarFixture('booking-com.ics', clock.now()), lastModified: new Date('2026-10-01T08:00:00Z') });
      const productId = await newProduct();
      const calendar = await subscribe(productId, '/booking.ics');
      const first = feeds.requestsOf('/booking.ics').at(-1);
      const again = await sync(calendar.id);
      const second = feeds.requestsOf('/booking.ics').at(-1);
      assert.equal(second?.status, 304);
      assert.match(String(second?.headers['if-none-match']), /^"[0-9a-f]{40}"$/);
      assert.equal(second?.headers['if-modified-since'], 'Thu, 01 Oct 2026 08:00:00 GMT');
      assert.notEqual(first, second);
      assert.equal(again.lastStatus, 'not-modified');
      assert.equal(again.events, 3);
      assert.equal((await imported(productId, calendar.id)).length, 3);
    });

    it('follows events that move, vanish or are cancelled between two syncs, keeping each block’s id', async () => {
      const event = (uid: string, from: string, to: string, status = 'CONFIRMED') => [`BEGIN:VEVENT`, `UID:${uid}`, 'DTSTAMP:20261101T000000Z', `DTSTART;VALUE=DATE:${from}`, `DTEND;VALUE=DATE:${to}`, `STATUS:${status}`, 'END:VEVENT'];
      const feed = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Moves//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
      feeds.serve('/moves.ics', { body: feed(event('stay', `${Y1}0501`, `${Y1}0503`), event('moves', `${Y1}0510`, `${Y1}0512`), event('vanishes', `${Y1}0520`, `${Y1}0521`), event('cancelled', `${Y1}0601`, `${Y1}0605`)) });
      const productId = await newProduct();
      const calendar = await subscribe(productId, '/moves.ics');
      const before = await imported(productId, calendar.id);
      assert.deepEqual(before.map((item) => item.from), [`${Y1}-05-01`, `${Y1}-05-10`, `${Y1}-05-20`, `${Y1}-06-01`]);
      feeds.serve('/moves.ics', { body: feed(event('stay', `${Y1}0501`, `${Y1}0503`), event('moves', `${Y1}0514`, `${Y1}0517`), event('cancelled', `${Y1}0601`, `${Y1}0605`, 'CANCELLED'), event('new', `${Y1}0701`, `${Y1}0702`)) });
      const synced = await sync(calendar.id);
      assert.equal(synced.lastStatus, 'ok');
      assert.equal(synced.events, 3);
      const after = await imported(productId, calendar.id);
      assert.deepEqual(after.map((item) => [item.from, item.to]), [[`${Y1}-05-01`, `${Y1}-05-02`], [`${Y1}-05-14`, `${Y1}-05-16`], [`${Y1}-07-01`, `${Y1}-07-01`]]);
      assert.equal(after[0]?.id, before[0]?.id, 'an unchanged event keeps its block');
      assert.equal(after[1]?.id, before[1]?.id, 'a moved event keeps its block id');
      // The freed dates can be reserved now.
      assert.equal((await server.http.post(`/api/products/${productId}`, { action: 'reserve', from: `${Y1}-05-20`, to: `${Y1}-05-20` }, owner.token)).status, 200);
      assert.equal((await server.http.post(`/api/products/${productId}`, { action: 'reserve', from: `${Y1}-06-02`, to: `${Y1}-06-03` }, owner.token)).status, 200);
    });

    it('keeps the previous blocks when a fetch or the feed fails, records lastError, and clears it on the next good sync', async () => {
      const path = '/flaky.ics';
      feeds.serve(path, { body: calendarFixture('booking-com.ics', clock.now()), etag: false });
      const productId = await newProduct();
      const calendar = await subscribe(productId, path);
      const held = await imported(productId, calendar.id);
      assert.equal(held.length, 3);
      const failures: [string, Parameters<FeedServer['serve']>[1], RegExp][] = [
        ['truncated', { body: calendarFixture('truncated-mid-event.ics', clock.now()), etag: false }, /not a readable iCalendar/],
        ['malformed', { body: calendarFixture('bad-date.ics', clock.now()), etag: false }, /cannot be read/],
        ['html', { body: calendarFixture('not-a-calendar.html'), contentType: 'text/html', etag: false }, /not a readable iCalendar/],
        ['server error', { body: 'oops', status: 503, etag: false }, /HTTP 503/],
        ['not found', { body: 'gone', status: 404, etag: false }, /HTTP 404/],
        ['6 MB', { body: hugeFeed(6 * 1024 * 1024), etag: false }, /larger than 5242880 bytes/],
        ['6 MB without Content-Length', { body: hugeFeed(6 * 1024 * 1024), etag: false, chunked: true }, /larger than 5242880 bytes/],
        ['redirect to 127.0.0.1', { redirect: `${feeds.origin}/booking-elsewhere.ics` }, /HTTP 302.*redirects are not followed/],
        ['endless rule', { body: calendarFixture('rrule-never.ics', clock.now()), etag: false }, /took longer than 5 s/],
      ];
      for (const [what, route, message] of failures) {
        feeds.serve(path, route);
        const failed = await sync(calendar.id);
        assert.equal(failed.lastStatus, 'failed', what);
        assert.match(failed.lastError ?? '', message, what);
        assert.equal(failed.events, 3, what);
        assert.deepEqual(await imported(productId, calendar.id), held, what);
      }
      assert.equal(feeds.requestsOf('/booking-elsewhere.ics').length, 0, 'the redirect was not followed');
      feeds.serve(path, { body: calendarFixture('airbnb.ics', clock.now()), etag: false });
      const good = await sync(calendar.id);
      assert.equal(good.lastStatus, 'ok');
      assert.equal(good.lastError, undefined);
      assert.equal(good.events, 4);
    });

    it('gives up on a server that hangs after 10 s, keeping the blocks', async () => {
      feeds.serve('/slow.ics', { body: calendarFixture('booking-com.ics', clock.now()) });
      const productId = await newProduct();
      const calendar = await subscribe(productId, '/slow.ics');
      feeds.serve('/slow.ics', { hang: true });
      const started = Date.now();
      const failed = await sync(calendar.id);
      const took = Date.now() - started;
      assert.equal(failed.lastStatus, 'failed');
      assert.match(failed.lastError ?? '', /within 10 s/);
      assert.ok(took >= 9_500 && took < 20_000, `${took} ms`);
      assert.equal((await imported(productId, calendar.id)).length, 3);
    });

    it('keeps blocks overlapping own reservations and lists them as conflicts, without refusing later changes', async () => {
      feeds.serve('/conflicting.ics', { body: calendarFixture('airbnb.ics', clock.now()) });
      const productId = await newProduct({ availability: { reservationDates: [{ id: 'own-1', from: `${Y1}-03-12`, to: `${Y1}-03-16`, note: 'Direct booking' }] } });
      const calendar = await subscribe(productId, '/conflicting.ics');
      assert.equal(calendar.events, 4);
      assert.deepEqual(calendar.conflicts, [
        { uid: '1418fb94e984-3f9a1c7e2b8d4a05b6e3f1d2c8a79b10@airbnb.com', from: `${Y1}-03-10`, to: `${Y1}-03-14`, reservationId: 'own-1' },
        { uid: '1418fb94e984-a0e4b7d13c2f4b9e8d6a5c3b1f0e7d92@airbnb.com', from: `${Y1}-03-15`, to: `${Y1}-03-17`, reservationId: 'own-1' },
      ]);
      assert.equal((await imported(productId, calendar.id)).length, 4);
      // A change of the product that leaves the reservations as they are is no 409.
      const patched = await server.http.patch(`/api/products/${productId}`, { additional: { price: 120 } }, owner.token);
      assert.equal(patched.status, 200, patched.text);
      // Moving the own reservation onto free days resolves them.
      const current = await items(productId);
      const moved = current.map((item) => (item.id === 'own-1' ? { ...item, from: `${Y1}-09-01`, to: `${Y1}-09-02` } : item));
      assert.equal((await server.http.patch(`/api/products/${productId}`, { availability: { reservationDates: moved } }, owner.token)).status, 200);
      assert.deepEqual((await server.http.get<Calendar>(`/api/calendars/${calendar.id}`, owner.token)).body.conflicts, []);
      // Moving it back onto an imported block is refused: it is the change that makes the overlap.
      const back = current.map((item) => (item.id === 'own-1' ? { ...item, from: `${Y1}-04-01`, to: `${Y1}-04-01` } : item));
      const refused = await server.http.patch(`/api/products/${productId}`, { availability: { reservationDates: back } }, owner.token);
      assert.equal(refused.status, 409);
      assert.deepEqual(errorFields(refused.body), ['availability.reservationDates']);
    });

    it('PATCH changes the name, and a new URL is checked and synced at once; DELETE takes the blocks away', async () => {
      feeds.serve('/first.ics', { body: calendarFixture('airbnb.ics', clock.now()) });
      feeds.serve('/second.ics', { body: calendarFixture('booking-com.ics', clock.now()) });
      const productId = await newProduct();
      const calendar = await subscribe(productId, '/first.ics');
      const renamed = await server.http.patch<{ doc: Calendar }>(`/api/calendars/${calendar.id}`, { name: 'Airbnb – loft' }, owner.token);
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal(renamed.body.doc.name, 'Airbnb – loft');
      assert.equal((await server.http.patch(`/api/calendars/${calendar.id}`, {}, owner.token)).status, 400);
      const bad = await server.http.patch(`/api/calendars/${calendar.id}`, { url: 'file:///etc/passwd', name: 5 }, owner.token);
      assert.equal(bad.status, 400);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['url', 'name']));
      const moved = await server.http.patch<{ doc: Calendar }>(`/api/calendars/${calendar.id}`, { url: feeds.url('/second.ics'), name: null }, owner.token);
      assert.equal(moved.status, 200, moved.text);
      assert.equal(moved.body.doc.url, feeds.url('/second.ics'));
      assert.equal(moved.body.doc.name, undefined);
      assert.equal(moved.body.doc.events, 3);
      assert.deepEqual((await imported(productId, calendar.id)).map((item) => item.from), [`${Y1}-02-05`, `${Y1}-02-20`, `${Y1}-12-28`]);

      const deleted = await server.http.delete<{ doc: Calendar }>(`/api/calendars/${calendar.id}`, owner.token);
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal(deleted.body.doc.id, calendar.id);
      assert.deepEqual(await imported(productId), []);
      assert.equal((await server.http.get(`/api/calendars/${calendar.id}`, owner.token)).status, 404);
      assert.equal((await server.http.post(`/api/products/${productId}`, { action: 'reserve', from: `${Y1}-02-05`, to: `${Y1}-02-06` }, owner.token)).status, 200, 'the dates are free again');
    });

    it('syncs every calendars.syncInterval, by the schedule', async () => {
      feeds.serve('/scheduled.ics', { body: calendarFixture('booking-com.ics', clock.now()) });
      const productId = await newProduct();
      const calendar = await subscribe(productId, '/scheduled.ics');
      const fetches = () => feeds.requestsOf('/scheduled.ics').length;
      assert.equal(fetches(), 1);
      await stepClock(server, clock, SYNC_INTERVAL - 120_000);
      assert.equal(fetches(), 1, 'not before its interval');
      feeds.serve('/scheduled.ics', { body: calendarFixture('airbnb.ics', clock.now()) });
      await stepClock(server, clock, 240_000, () => fetches() >= 2);
      assert.equal(fetches(), 2);
      const deadline = Date.now() + 10_000;
      let events = 0;
      while (events !== 4 && Date.now() < deadline) {
        events = (await server.http.get<Calendar>(`/api/calendars/${calendar.id}`, owner.token)).body.events;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(events, 4);
      assert.equal((await imported(productId, calendar.id)).length, 4);
    });

    it("round trip: product A's exported feed imported into product B gives B exactly A's busy times", async () => {
      const reservations = [
        { id: 'd1', from: `${Y1}-02-01`, to: `${Y1}-02-01` },
        { id: 'd2', from: `${Y1}-02-10`, to: `${Y1}-02-14` },
        { id: 't1', from: `${Y1}-03-05T09:30:00+01:00`, to: `${Y1}-03-05T17:00:00+01:00` },
        { id: 't2', from: `${Y1}-07-20T22:00:00Z`, to: `${Y1}-07-21T06:15:00Z` },
      ];
      const a = await newProduct({ availability: { reservationDates: reservations } });
      feeds.serve('/elsewhere.ics', { body: calendarFixture('booking-com.ics', clock.now()) });
      const b = await newProduct();
      // B's own calendar import stays out of B's feed, so A → B → A cannot loop.
      await subscribe(b, '/elsewhere.ics');
      const res = await server.http.post<{ doc: Calendar }>('/api/calendars', { product: b, url: `${server.url}/api/products/${a}/calendar.ics` }, owner.token);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.doc.lastStatus, 'ok');
      const instant = (text: string) => (text.length === 10 ? text : new Date(text).toISOString());
      const fromA = reservations.map(({ from, to }) => [instant(from), instant(to)]).sort();
      const inB = (await imported(b, res.body.doc.id)).map(({ from, to }) => [from, to]).sort();
      assert.deepEqual(inB, fromA);
      assert.deepEqual(readIcs((await server.http.get(`/api/products/${b}/calendar.ics`)).text).events, [], 'nothing of either import is exported by B');
    });

    // Last: it moves the clock a day on.
    it('reads the feed whole at its first sync of a UTC day: a 304 keeps blocks expanded on an earlier day no longer than that', async () => {
      feeds.serve('/daily.ics', { body: calendarFixture('booking-com.ics', clock.now()) });
      const calendar = await subscribe(await newProduct(), '/daily.ics');
      await sync(calendar.id);
      assert.equal(feeds.requestsOf('/daily.ics').at(-1)?.status, 304);
      const seen = feeds.requestsOf('/daily.ics').length;
      clock.advance(86_400_000);
      const synced = await sync(calendar.id);
      const next = feeds.requestsOf('/daily.ics')[seen];
      assert.equal(next?.headers['if-none-match'], undefined);
      assert.equal(next?.headers['if-modified-since'], undefined);
      assert.equal(next?.status, 200);
      assert.equal(synced.events, 3);
      // After a failed fetch (it may have been the day's first) the next one is whole too.
      const body = calendarFixture('booking-com.ics', clock.now());
      feeds.serve('/daily.ics', { body: 'down', status: 503, contentType: 'text/plain' });
      assert.equal((await sync(calendar.id)).lastStatus, 'failed');
      feeds.serve('/daily.ics', { body });
      const afterFailure = feeds.requestsOf('/daily.ics').length;
      assert.equal((await sync(calendar.id)).lastStatus, 'ok');
      assert.equal(feeds.requestsOf('/daily.ics')[afterFailure]?.headers['if-none-match'], undefined);
    });
  });
}

describe('the address rule of imported calendars (default configuration)', () => {
  let server: TestServer;
  let feeds: FeedServer;
  let owner: { id: string; token: string };
  before(async () => {
    feeds = await startFeedServer();
    server = await startServer('sqlite');
    owner = await server.signUp();
    assert.equal((await server.http.post('/api/products/ssrf-1', { basic: { product_name: 'Stan' } }, owner.token)).status, 201);
  });
  after(async () => {
    await server.close();
    await feeds.close();
  });

  it('refuses loopback, private and link-local URLs at creation and at a change', async () => {
    feeds.serve('/private.ics', { body: calendarFixture('airbnb.ics') });
    for (const url of [feeds.url('/private.ics'), 'http://localhost:9/x.ics', 'http://10.1.2.3/x.ics', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x.ics', 'http://192.168.1.10/cal.ics']) {
      const res = await server.http.post('/api/calendars', { product: 'ssrf-1', url }, owner.token);
      assert.equal(res.status, 400, url);
      assert.deepEqual(errorFields(res.body), ['url'], url);
    }
    assert.equal(feeds.requests.length, 0, 'nothing was fetched');
  });

  it('checks the address again at every fetch: a stored URL that now points inside is not fetched', async () => {
    feeds.serve('/inside.ics', { body: calendarFixture('airbnb.ics') });
    // As if the name had resolved to a public address when the calendar was made.
    const now = Date.now();
    await server.storage.calendars.insert({
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa', product_id: 'ssrf-1', url: feeds.url('/inside.ics'), name: null, last_synced_at: null, last_status: null, last_error: null,
      etag: null, last_modified: null, blocks: '[]', next_sync_at: now + SYNC_INTERVAL, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString(),
    });
    const res = await server.http.post<Calendar>('/api/calendars/aaaaaaaaaaaaaaaaaaaaaaaa', { action: 'sync' }, owner.token);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.lastStatus, 'failed');
    assert.match(res.body.lastError ?? '', /127\.0\.0\.1 is not a public internet address/);
    assert.equal(feeds.requestsOf('/inside.ics').length, 0);
  });
});
