import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { calendarFixture } from '../helpers/calendar-fixtures.js';
import { startFeedServer, type FeedServer } from '../helpers/feed-server.js';
import { Receiver } from '../helpers/receiver.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { SseStream } from '../helpers/sse.js';
import { until } from '../helpers/until.js';

type Calendar = { id: string; product: string; lastStatus: string | null; lastError?: string; events: number; conflicts: unknown[] };

/** SPEC 11: a calendar import's every run records calendar.synced or calendar.failed, with the outcome, for its owner only. */
for (const dialect of dialects) {
  describe(`calendar sync events (${dialect})`, () => {
    let server: TestServer;
    let feeds: FeedServer;
    let receiver: Receiver;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };

    before(async () => {
      feeds = await startFeedServer();
      receiver = await Receiver.start();
      server = await startServer(dialect, (config) => {
        config.calendars.allowPrivateAddresses = true;
        config.webhooks.allowPrivateAddresses = true;
      });
      [owner, other] = await Promise.all([server.signUp(), server.signUp()]);
    });
    after(async () => {
      await server.close();
      await feeds.close();
      await receiver.close();
    });

    it('records calendar.synced with the calendar after a good sync, calendar.failed with lastError after a bad one, in the stream and to webhooks', async () => {
      const hook = await server.http.post<{ doc: { id: string } }>('/api/webhooks', { url: `${receiver.url}/hook`, events: ['calendar.synced', 'calendar.failed'] }, owner.token);
      assert.equal(hook.status, 201, hook.text);
      const streams = { owner: await SseStream.open(server.url, { token: owner.token }), other: await SseStream.open(server.url, { token: other.token }), anonymous: await SseStream.open(server.url) };
      try {
        feeds.serve('/airbnb.ics', { body: calendarFixture('airbnb.ics') });
        const product = await server.http.post<{ doc: { id: string } }>('/api/products', { basic: { product_name: 'Obytný vůz' }, settings: { published: true } }, owner.token);
        const created = await server.http.post<{ doc: Calendar }>('/api/calendars', { product: product.body.doc.id, url: feeds.url('/airbnb.ics'), name: 'Airbnb' }, owner.token);
        assert.equal(created.status, 201, created.text);
        assert.equal(created.body.doc.lastStatus, 'ok');

        feeds.serve('/airbnb.ics', { body: 'gone', status: 500, contentType: 'text/plain' });
        const failed = await server.http.post<Calendar>(`/api/calendars/${created.body.doc.id}`, { action: 'sync' }, owner.token);
        assert.equal(failed.body.lastStatus, 'failed');

        const calendarEvents = () => streams.owner.events.filter((event) => event.event?.startsWith('calendar.'));
        assert.ok(await until(() => calendarEvents().length >= 2, 5000), streams.owner.types().join());
        const [synced, failure] = calendarEvents();
        assert.equal(synced?.event, 'calendar.synced');
        assert.deepEqual(synced?.data.data, created.body.doc, 'the calendar as the API shows it after the sync');
        assert.equal(failure?.event, 'calendar.failed');
        assert.deepEqual(failure?.data.data, failed.body);
        assert.match(String(failure?.data.data.lastError), /500/);

        // The owner's webhook gets both; other accounts and anonymous streams see neither.
        assert.ok(await until(() => receiver.events().length >= 2, 10_000));
        // Posted side by side, they may arrive in either order.
        const received = receiver.events().map((event) => [event.type, event.data.lastStatus]);
        assert.deepEqual(received.sort(), [['calendar.failed', 'failed'], ['calendar.synced', 'ok']]);
        await new Promise((done) => setTimeout(done, 300));
        for (const stream of [streams.other, streams.anonymous]) assert.deepEqual(stream.types().filter((type) => type.startsWith('calendar.')), []);
      } finally {
        for (const stream of Object.values(streams)) await stream.close();
      }
    });

    it('deleting a calendar changes its product only when it gave blocks: product.updated then, no event otherwise', async () => {
      const stream = await SseStream.open(server.url, { token: owner.token });
      try {
        const empty = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Empty//EN', 'END:VCALENDAR', ''].join('\r\n');
        feeds.serve('/empty.ics', { body: empty });
        feeds.serve('/busy.ics', { body: calendarFixture('airbnb.ics') });
        const product = await server.http.post<{ doc: { id: string } }>('/api/products', { basic: { product_name: 'Chata' }, settings: { published: true } }, owner.token);
        const id = product.body.doc.id;
        const quiet = await server.http.post<{ doc: Calendar }>('/api/calendars', { product: id, url: feeds.url('/empty.ics') }, owner.token);
        const busy = await server.http.post<{ doc: Calendar }>('/api/calendars', { product: id, url: feeds.url('/busy.ics') }, owner.token);
        assert.equal(quiet.body.doc.events, 0);
        assert.ok(busy.body.doc.events > 0);
        const updates = () => stream.events.filter((event) => event.event === 'product.updated').length;
        assert.ok(await until(() => updates() >= 1, 5000), 'the busy calendar put its blocks on the product');
        await new Promise((done) => setTimeout(done, 300));
        const before = updates();
        assert.equal((await server.http.delete(`/api/calendars/${quiet.body.doc.id}`, owner.token)).status, 200);
        await new Promise((done) => setTimeout(done, 500));
        assert.equal(updates(), before, 'no change, no event');
        assert.equal((await server.http.delete(`/api/calendars/${busy.body.doc.id}`, owner.token)).status, 200);
        assert.ok(await until(() => updates() === before + 1, 5000), 'its blocks taken off the product');
      } finally {
        await stream.close();
      }
    });
  });
}
