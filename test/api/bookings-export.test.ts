import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { errorFields } from '../helpers/http.js';
import { CUSTOMER, act, createRentable, dayFromNow, requestBooking, type Booking } from '../helpers/bookings.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

/** GET /api/bookings/export: the bookings an owner may list, as a file (issue 47, point 1). */
for (const dialect of dialects) {
  describe(`GET /api/bookings/export (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let mine: Booking[];

    const get = (query: string, token?: string) => fetch(`${server.url}/api/bookings/export?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      other = await server.signUp();
      await createRentable(server, owner.token, 'drill');
      await createRentable(server, other.token, 'ladder');
      const first = await requestBooking(server, 'drill', dayFromNow(30), dayFromNow(32));
      const second = await requestBooking(server, 'drill', dayFromNow(40), dayFromNow(41), { ...CUSTOMER, name: '=HYPERLINK("http://evil")', note: 'Řádek 1\nŘádek 2' });
      await requestBooking(server, 'ladder', dayFromNow(30), dayFromNow(32));
      assert.equal((await act(server, first.doc.id, 'confirm', { bearer: owner.token })).status, 200);
      const listed = await server.http.get<{ docs: Booking[] }>('/api/bookings?depth=0&sort=id', owner.token);
      mine = listed.body.docs;
      assert.deepEqual(mine.map((booking) => booking.id).sort(), [first.doc.id, second.doc.id].sort());
    });
    after(() => server.close());

    it('exports an owner\'s bookings as CSV: the field paths as columns, formulas neutralised, a file name', async () => {
      const res = await get('sort=id', owner.token);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
      assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
      const [header, ...rows] = parse(await res.text()) as string[][];
      assert.deepEqual(header?.slice(0, 8), ['id', 'product', 'owner', 'from', 'to', 'status', 'customer.name', 'customer.email']);
      const column = (name: string) => (header as string[]).indexOf(name);
      assert.deepEqual(rows.map((row) => row[column('id')]), mine.map((booking) => booking.id), 'the owner\'s bookings only, in the order asked');
      for (const [index, booking] of mine.entries()) {
        const row = rows[index] as string[];
        assert.equal(row[column('product')], 'drill');
        assert.equal(row[column('status')], booking.status);
        assert.equal(row[column('customer.email')], booking.customer.email);
        assert.equal(row[column('quote.total')], String(booking.quote.total));
        assert.deepEqual(JSON.parse(row[column('history')] as string), booking.history);
        assert.equal(row[column('reservationId')], booking.reservationId ?? '');
      }
      const evil = rows.find((row) => row[column('customer.note')] === 'Řádek 1\nŘádek 2');
      assert.equal(evil?.[column('customer.name')], '\'=HYPERLINK("http://evil")', 'a formula is exported as text');
      assert.ok(rows.some((row) => row[column('status')] === 'confirmed' && row[column('reservationId')] !== ''));
    });

    it('exports NDJSON and JSON as the list shows the bookings at depth 0, with `where`', async () => {
      const ndjson = await get('format=ndjson&sort=id', owner.token);
      assert.equal(ndjson.headers.get('content-type'), 'application/x-ndjson; charset=utf-8');
      const lines = (await ndjson.text()).trim().split('\n').map((line) => JSON.parse(line) as Booking);
      assert.deepEqual(lines, mine);
      const json = await get(`format=json&where[status][equals]=confirmed`, owner.token);
      assert.deepEqual(await json.json(), mine.filter((booking) => booking.status === 'confirmed'));
      const others = await get('format=ndjson', other.token);
      const theirs = (await others.text()).trim().split('\n').map((line) => (JSON.parse(line) as Booking).product);
      assert.deepEqual(theirs, ['ladder']);
    });

    it('refuses anonymous callers and bad parameters', async () => {
      assert.equal((await get('format=csv')).status, 401);
      const bad = await get('format=xlsx&bom=maybe&sort=customer.name', owner.token);
      assert.equal(bad.status, 400);
      assert.deepEqual(errorFields(await bad.json()).sort(), ['bom', 'format', 'sort']);
    });
  });
}
