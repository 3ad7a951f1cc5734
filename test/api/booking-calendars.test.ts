import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { startFeedServer, type FeedServer } from '../helpers/feed-server.js';
import { errorFields } from '../helpers/http.js';
import { CUSTOMER, act, createRentable, dayFromNow, requestBooking } from '../helpers/bookings.js';

type Availability = { busy: { from: string; to: string; kind: string }[] };
const compact = (date: string) => date.replaceAll('-', '');

/** A feed with one all-day event from `from` to `to` (inclusive), as another channel publishes it. */
const feed = (from: string, to: string) =>
  [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other channel//EN',
    'BEGIN:VEVENT', 'UID:stay-1@other.example', 'DTSTAMP:20260101T000000Z', `DTSTART;VALUE=DATE:${compact(from)}`,
    `DTEND;VALUE=DATE:${compact(dayAfter(to))}`, 'SUMMARY:Guest Smith', 'END:VEVENT', 'END:VCALENDAR', '',
  ].join('\r\n');
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Bookings beside calendars: imported blocks are taken time, and the owner's feed names the customer. */
for (const dialect of dialects) {
  describe(`bookings and calendars (${dialect})`, () => {
    let server: TestServer;
    let feeds: FeedServer;
    let owner: { id: string; token: string };

    before(async () => {
      feeds = await startFeedServer();
      server = await startServer(dialect, (config) => {
        config.calendars.allowPrivateAddresses = true;
      });
      owner = await server.signUp();
      await createRentable(server, owner.token, 'cottage', { additional: { buffer_after: 'P1D' } });
    });
    after(async () => {
      await server.close();
      await feeds.close();
    });

    it('an imported block is external time: requests and the owner’s reserve over it are 409, the calendar shows it with its buffer', async () => {
      feeds.serve('/other.ics', { body: feed(dayFromNow(40), dayFromNow(42)), contentType: 'text/calendar' });
      const subscribed = await server.http.post<{ doc: { lastStatus: string; events: number } }>('/api/calendars', { product: 'cottage', url: feeds.url('/other.ics') }, owner.token);
      assert.equal(subscribed.status, 201, subscribed.text);
      assert.deepEqual([subscribed.body.doc.lastStatus, subscribed.body.doc.events], ['ok', 1]);
      const request = await server.http.post('/api/bookings', { product: 'cottage', from: dayFromNow(42), to: dayFromNow(44), customer: CUSTOMER });
      assert.equal(request.status, 409);
      assert.deepEqual(errorFields(request.body), ['from']);
      // Its buffer after: the day after the block is taken too; the one after that is free.
      assert.equal((await server.http.post('/api/bookings', { product: 'cottage', from: dayFromNow(43), to: dayFromNow(43), customer: CUSTOMER })).status, 409);
      const quote = await server.http.get<{ available: boolean; violations: { field: string }[] }>(`/api/products/cottage/quote?from=${dayFromNow(41)}&to=${dayFromNow(41)}`);
      assert.deepEqual([quote.body.available, quote.body.violations.map((v) => v.field)], [false, ['from']]);
      const reserve = await server.http.post('/api/products/cottage', { action: 'reserve', from: dayFromNow(41), to: dayFromNow(41) }, owner.token);
      assert.equal(reserve.status, 409);
      const calendar = await server.http.get<Availability>(`/api/products/cottage/availability?from=${dayFromNow(39)}&to=${dayFromNow(44)}`);
      const at = (days: number) => `${dayFromNow(days)}T00:00:00.000Z`;
      assert.deepEqual(calendar.body.busy, [
        { from: at(40), to: at(43), kind: 'external' },
        { from: at(43), to: at(44), kind: 'buffer' },
      ]);
      assert.ok(!JSON.stringify(calendar.body).includes('Smith'));
      // Requests beside it are taken, and a confirmation re-checks against it.
      const beside = await requestBooking(server, 'cottage', dayFromNow(44), dayFromNow(45));
      assert.equal((await act(server, beside.doc.id, 'confirm', { bearer: owner.token })).status, 200);
    });

    it('the owner’s private feed shows a confirmed booking with its customer’s name; the public feed nothing personal', async () => {
      const { doc } = await requestBooking(server, 'cottage', dayFromNow(60), dayFromNow(61), { ...CUSTOMER, name: 'Marie Veselá' });
      assert.equal((await act(server, doc.id, 'confirm', { bearer: owner.token })).status, 200);
      const issued = await server.http.post<{ url: string }>(`/api/rents/${owner.id}/calendar-token`, undefined, owner.token);
      assert.equal(issued.status, 200, issued.text);
      const own = await fetch(issued.body.url);
      assert.equal(own.status, 200);
      const text = (await own.text()).replace(/\r\n[ \t]/g, '');
      assert.match(text, /SUMMARY:Půjčovní cottage – Marie Veselá/);
      assert.ok(!text.includes('Guest Smith'), 'imported blocks stay out of it');
      const open = await requestBooking(server, 'cottage', dayFromNow(70), dayFromNow(71), { ...CUSTOMER, name: 'Otevřená Žádost' });
      assert.ok(open.doc.id);
      const again = (await (await fetch(issued.body.url)).text()).replace(/\r\n[ \t]/g, '');
      assert.ok(!again.includes('Otevřená'), 'open requests are not in it');
      const pub = await server.http.get('/api/products/cottage/calendar.ics');
      assert.equal(pub.status, 200);
      for (const secret of ['Marie', 'Vesel', CUSTOMER.email, 'Guest Smith']) assert.ok(!pub.text.includes(secret), secret);
    });
  });
}
