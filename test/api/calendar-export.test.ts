import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createRentalClient } from '../../src/client/index.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { expectedTimes, readIcs, type ReadEvent } from '../helpers/read-ics.js';

type Product = Record<string, any>;
type Reservation = { id: string; from: string; to: string; note?: string; source?: string; [extra: string]: unknown };

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const NOTE = 'Jana Nováková, +420 601 234 567, pays cash on pick-up';

/** The feed's events against the reservations they stand for, matched by UID. */
function assertEventsMatch(events: ReadEvent[], reservations: Reservation[], uidOf: (reservation: Reservation) => string): void {
  assert.equal(events.length, reservations.length, `events: ${events.map((event) => event.uid).join(', ')}`);
  const byUid = new Map(events.map((event) => [event.uid, event]));
  for (const reservation of reservations) {
    const event = byUid.get(uidOf(reservation));
    assert.ok(event, `no event for reservation ${reservation.id}`);
    const times = expectedTimes(reservation.from, reservation.to);
    assert.equal(event.start, times.start, reservation.id);
    assert.equal(event.end, times.end, reservation.id);
    assert.equal(event.allDay, reservation.from.length === 10 && reservation.to.length === 10, reservation.id);
  }
}

for (const dialect of dialects) {
  describe(`exported calendar feeds (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };
    const reservations: Reservation[] = [
      { id: 'one-day', from: '2027-03-10', to: '2027-03-10', note: NOTE },
      { id: 'week', from: '2027-03-20', to: '2027-03-26' },
      { id: 'timed', from: '2027-04-02T10:00:00+02:00', to: '2027-04-02T18:30:00+02:00', note: 'Petr Dvořák' },
      { id: 'timed-utc', from: '2027-04-03T07:15:00Z', to: '2027-04-04T07:15:00Z' },
      { id: 'year-end', from: '2027-12-31', to: '2028-01-01' },
      // Long enough to be folded, with characters of two and three octets where a fold may fall.
      { id: 'long-note', from: '2027-09-01', to: '2027-09-02', note: `Předání: ${'čřžýáíé €'.repeat(30)}; line\nbreak, comma; semicolon \\ backslash` },
    ];
    const imported: Reservation = { id: 'airbnb-block', from: '2027-05-01', to: '2027-05-05', source: 'ical', calendar: 'cal-1' };
    const feedPath = (id: string) => `/api/products/${id}/calendar.ics`;

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ name: 'Půjčovna Brno' });
      other = await server.signUp();
      admin = await server.signUp({ admin: true });
      const created = await server.http.post('/api/products/van-1', {
        basic: { product_name: 'Dodávka Ford Transit', product_desc: 'Secret description' },
        settings: { published: true },
        availability: { reservationDates: [...reservations, imported] },
      }, owner.token);
      assert.equal(created.status, 201, created.text);
      const second = await server.http.post('/api/products/trailer-1', {
        basic: { product_name: 'Přívěs Agados' },
        availability: { reservationDates: [{ id: 'trip', from: '2027-06-01', to: '2027-06-02', note: 'Vacation of Karel' }] },
      }, owner.token);
      assert.equal(second.status, 201, second.text);
      const foreign = await server.http.post('/api/products/foreign-1', {
        basic: { product_name: 'Cizí stan' },
        settings: { published: true },
        availability: { reservationDates: [{ id: 'x', from: '2027-07-01', to: '2027-07-02' }] },
      }, other.token);
      assert.equal(foreign.status, 201, foreign.text);
    });
    after(() => server.close());

    it("serves a product's reservations as valid iCalendar, not imported blocks, SUMMARY:Reserved only", async () => {
      const res = await server.http.get(feedPath('van-1'));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers.get('content-type'), CALENDAR_TYPE);
      assert.match(res.headers.get('etag') ?? '', /^"[^"]+"$/);
      const { events } = readIcs(res.text);
      assertEventsMatch(events, reservations, (reservation) => `${reservation.id}.van-1@rental-catalogue`);
      const product = (await server.http.get<Product>('/api/products/van-1')).body;
      for (const event of events) {
        assert.equal(event.summary, 'Reserved');
        assert.equal(event.description, undefined);
        assert.equal(event.stamp, `${product.updatedAt.slice(0, 19).replace(/[-:]/g, '')}Z`);
        for (const property of event.properties) assert.ok(['uid', 'sequence', 'dtstamp', 'dtstart', 'dtend', 'summary', 'x-microsoft-cdo-alldayevent', 'x-microsoft-msncalendar-alldayevent'].includes(property), property);
      }
      for (const secret of ['Nováková', '601 234', 'Dvořák', 'Dodávka', 'Secret description', 'Půjčovna', 'airbnb-block', 'cal-1']) {
        assert.ok(!res.text.includes(secret), `the public feed shows ${secret}`);
      }
    });

    it('answers 304 to the ETag it gave, and a new feed with new bytes after a change, UIDs kept', async () => {
      const first = await server.http.get(feedPath('van-1'));
      const etag = first.headers.get('etag') ?? '';
      const again = await server.http.get(feedPath('van-1'), undefined, { 'if-none-match': etag });
      assert.equal(again.status, 304);
      assert.equal(again.text, '');
      assert.equal((await server.http.get(feedPath('van-1'), undefined, { 'if-none-match': `W/${etag}` })).status, 304);
      assert.equal((await server.http.get(feedPath('van-1'), undefined, { 'if-none-match': '"other"' })).status, 200);

      const reserved = await server.http.post<Product>('/api/products/van-1', { action: 'reserve', from: '2027-08-01T09:00:00+02:00', to: '2027-08-01T11:00:00+02:00' }, owner.token);
      assert.equal(reserved.status, 200, reserved.text);
      const added = reserved.body.availability.reservationDates.at(-1) as Reservation;
      const changed = await server.http.get(feedPath('van-1'), undefined, { 'if-none-match': etag });
      assert.equal(changed.status, 200);
      assert.notEqual(changed.headers.get('etag'), etag);
      const { events } = readIcs(changed.text);
      assertEventsMatch(events, [...reservations, added], (reservation) => `${reservation.id}.van-1@rental-catalogue`);
      assert.ok(events.some((event) => event.uid === `${added.id}.van-1@rental-catalogue` && event.start === '20270801T070000Z' && event.end === '20270801T090000Z'));

      const released = await server.http.post('/api/products/van-1', { action: 'release', reservationId: added.id }, owner.token);
      assert.equal(released.status, 200, released.text);
      assertEventsMatch(readIcs((await server.http.get(feedPath('van-1'))).text).events, reservations, (reservation) => `${reservation.id}.van-1@rental-catalogue`);
    });

    it('follows read access: 404 for a product the caller may not read, 200 for its owner; 404 for unknown ids', async () => {
      assert.equal((await server.http.get(feedPath('trailer-1'))).status, 404);
      assert.equal((await server.http.get(feedPath('trailer-1'), other.token)).status, 404);
      const own = await server.http.get(feedPath('trailer-1'), owner.token);
      assert.equal(own.status, 200);
      assert.equal(readIcs(own.text).events.length, 1);
      for (const id of ['nope', 'a.b', 'van-1.ics']) {
        const res = await server.http.get(feedPath(id));
        assert.equal(res.status, 404, id);
        errorFields(res.body);
      }
      // The product itself is still read at /api/products/:id.
      assert.equal((await server.http.get('/api/products/van-1')).status, 200);
      const post = await server.http.post(feedPath('van-1'), {});
      assert.equal(post.status, 405);
      assert.match(post.headers.get('allow') ?? '', /GET/);
    });

    it('serves an empty but valid feed for a product without reservations', async () => {
      const created = await server.http.post('/api/products/empty-1', { basic: { product_name: 'Nic' }, settings: { published: true } }, owner.token);
      assert.equal(created.status, 201);
      const res = await server.http.get(feedPath('empty-1'));
      assert.equal(res.status, 200);
      assert.deepEqual(readIcs(res.text).events, []);
    });

    describe('the private feed', () => {
      it('is issued to the account itself or an admin, as an absolute URL on the request’s own host', async () => {
        assert.equal((await server.http.post(`/api/rents/${owner.id}/calendar-token`)).status, 401);
        assert.equal((await server.http.post(`/api/rents/${owner.id}/calendar-token`, undefined, other.token)).status, 403);
        assert.equal((await server.http.post('/api/rents/nobody/calendar-token', undefined, admin.token)).status, 404);
        const byAdmin = await server.http.post<{ url: string }>(`/api/rents/${owner.id}/calendar-token`, undefined, admin.token);
        assert.equal(byAdmin.status, 200, byAdmin.text);
        const own = await server.http.post<{ url: string }>(`/api/rents/${owner.id}/calendar-token`, undefined, owner.token);
        assert.equal(own.status, 200, own.text);
        assert.deepEqual(Object.keys(own.body), ['url']);
        const url = new URL(own.body.url);
        assert.equal(url.origin, server.url);
        assert.equal(url.pathname, `/api/rents/${owner.id}/calendar.ics`);
        assert.match(url.searchParams.get('token') ?? '', /^[A-Za-z0-9_-]{43}$/);
        assert.equal((await fetch(byAdmin.body.url)).status, 404, "the admin's earlier token was replaced");
      });

      it("lists every own reservation of the owner's products with names and notes, not imported blocks, and is valid iCalendar", async () => {
        const { body } = await server.http.post<{ url: string }>(`/api/rents/${owner.id}/calendar-token`, undefined, owner.token);
        const res = await fetch(body.url);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), CALENDAR_TYPE);
        assert.match(res.headers.get('cache-control') ?? '', /private/);
        const text = await res.text();
        const { calendar, events } = readIcs(text);
        assert.equal(calendar.getFirstPropertyValue('x-wr-calname'), 'Půjčovna Brno: reservations');
        const trip: Reservation = { id: 'trip', from: '2027-06-01', to: '2027-06-02', note: 'Vacation of Karel' };
        const uidOf = (reservation: Reservation) => `${reservation.id}.${reservation.id === 'trip' ? 'trailer-1' : 'van-1'}@rental-catalogue`;
        assertEventsMatch(events, [...reservations, trip], uidOf);
        const byUid = new Map(events.map((event) => [event.uid, event]));
        for (const reservation of [...reservations, trip]) {
          const event = byUid.get(uidOf(reservation));
          assert.equal(event?.summary, reservation.id === 'trip' ? 'Přívěs Agados' : 'Dodávka Ford Transit');
          assert.equal(event?.description, reservation.note, 'the note, unfolded byte for byte');
        }
        assert.ok(!text.includes('airbnb-block') && !text.includes('Cizí stan'));
        // The same reservation has the same UID in both feeds.
        const publicUids = readIcs((await server.http.get(feedPath('van-1'))).text).events.map((event) => event.uid);
        for (const uid of publicUids) assert.ok(byUid.has(uid), uid);
        // 304 too.
        const again = await fetch(body.url, { headers: { 'if-none-match': res.headers.get('etag') ?? '' } });
        assert.equal(again.status, 304);
      });

      it('is a 404 without the current token, and keeps only a hash of it', async () => {
        const { body } = await server.http.post<{ url: string }>(`/api/rents/${owner.id}/calendar-token`, undefined, owner.token);
        const token = new URL(body.url).searchParams.get('token') ?? '';
        const path = `/api/rents/${owner.id}/calendar.ics`;
        assert.equal((await server.http.get(`${path}?token=${token}`)).status, 200);
        for (const query of ['', '?token=', `?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, `?token=${token}x`, '?token=%00']) {
          const res = await server.http.get(`${path}${query}`);
          assert.equal(res.status, 404, query);
          errorFields(res.body);
        }
        assert.equal((await server.http.get(`/api/rents/${other.id}/calendar.ics?token=${token}`)).status, 404, "another account's feed");
        assert.equal((await server.http.get(`/api/rents/nobody/calendar.ics?token=${token}`)).status, 404);
        const stored = await storedTokenHashes(server, owner.id);
        assert.deepEqual(stored, [createHash('sha256').update(token).digest('hex')]);

        const renewed = await server.http.post<{ url: string }>(`/api/rents/${owner.id}/calendar-token`, undefined, owner.token);
        assert.equal((await server.http.get(`${path}?token=${token}`)).status, 404, 'the previous URL is gone');
        assert.equal((await fetch(renewed.body.url)).status, 200);
      });
    });
  });
}

/** What the database holds for an account's feed token, read over a connection of its own. */
async function storedTokenHashes(server: TestServer, rentId: string): Promise<string[]> {
  const query = 'SELECT token_hash FROM calendar_tokens WHERE rent_id = ';
  if (server.databaseUrl.startsWith('file:')) {
    const db = new Database(server.databaseUrl.slice('file:'.length), { readonly: true });
    try {
      return (db.prepare(`${query}?`).all(rentId) as { token_hash: string }[]).map((row) => row.token_hash);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ token_hash: string }>(`${query}$1`, [rentId])).rows.map((row) => row.token_hash);
  } finally {
    await client.end();
  }
}

describe('the private feed’s URL under PUBLIC_URL', () => {
  it('is built on PUBLIC_URL, not on the request’s host', async () => {
    const server = await startServer('sqlite', () => {}, { publicUrl: 'https://rent.example/shop' });
    try {
      const owner = await server.signUp();
      const res = await server.http.post<{ url: string }>(`/api/rents/${owner.id}/calendar-token`, undefined, owner.token);
      assert.equal(res.status, 200, res.text);
      assert.match(res.body.url, new RegExp(`^https://rent\\.example/shop/api/rents/${owner.id}/calendar\\.ics\\?token=[A-Za-z0-9_-]{43}$`));
      const local = res.body.url.replace('https://rent.example/shop', server.url);
      assert.equal((await fetch(local)).status, 200);
    } finally {
      await server.close();
    }
  });
});

describe('calendar feeds through the typed client', () => {
  it('reads a product feed and issues a private feed URL', async () => {
    const server = await startServer('sqlite', (config) => void (config.calendars.allowPrivateAddresses = true));
    try {
      const owner = await server.signUp();
      const client = createRentalClient({ baseUrl: server.url, token: owner.token });
      await client.createProduct({ basic: { product_name: 'Stan' }, settings: { published: true }, availability: { reservationDates: [{ id: 'r1', from: '2027-05-01', to: '2027-05-03' }] } }, 'tent-1');
      const { events } = readIcs(await client.productCalendar('tent-1'));
      assert.deepEqual(events.map((event) => [event.uid, event.start, event.end]), [['r1.tent-1@rental-catalogue', '20270501', '20270504']]);
      const { url } = await client.issueCalendarToken(owner.id);
      assert.equal(readIcs(await (await fetch(url)).text()).events.length, 1);

      // The product's own feed, imported into another product through the calendars collection.
      await client.createProduct({ basic: { product_name: 'Stan 2' } }, 'tent-2');
      const calendar = await client.createCalendar({ product: 'tent-2', url: `${server.url}/api/products/tent-1/calendar.ics`, name: 'Tent 1' });
      assert.equal(calendar.lastStatus, 'ok');
      assert.equal(calendar.events, 1);
      assert.equal((await client.listCalendars({ where: { product: { equals: 'tent-2' } } })).totalDocs, 1);
      assert.equal((await client.syncCalendar(calendar.id)).lastStatus, 'not-modified', 'the feed answered 304 to its own ETag');
      assert.equal((await client.updateCalendar(calendar.id, { name: 'Stan' })).name, 'Stan');
      assert.equal((await client.getCalendar(calendar.id)).name, 'Stan');
      assert.equal((await client.deleteCalendar(calendar.id)).id, calendar.id);
      assert.equal((await client.listCalendars()).totalDocs, 0);
    } finally {
      await server.close();
    }
  });
});
