import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { CUSTOMER, act, createRentable, dayFromNow, requestBooking, type Booking } from '../helpers/bookings.js';

type Page = { docs: Booking[]; totalDocs: number };

for (const dialect of dialects) {
  describe(`bookings: requests, reads and lists (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      other = await server.signUp();
      admin = await server.signUp({ admin: true });
      await createRentable(server, owner.token, 'drill');
      await createRentable(server, owner.token, 'saw', { additional: { price: 40, caution: 0, time_unit: 'hour' } });
      await createRentable(server, owner.token, 'draft', { settings: { published: false } });
      await createRentable(server, other.token, 'ladder');
    });
    after(() => server.close());

    it('answers a request with 201 {doc, message, token}: the doc as SPEC 9 shapes it, the quote stored with it', async () => {
      const from = dayFromNow(30);
      const to = dayFromNow(32);
      const res = await server.http.post<{ doc: Booking; message: string; token: string }>('/api/bookings', { product: 'drill', from, to, customer: CUSTOMER });
      assert.equal(res.status, 201, res.text);
      const { doc, message, token } = res.body;
      assert.equal(typeof message, 'string');
      assert.match(token, /^[A-Za-z0-9_-]{43}$/, '256 random bits');
      assert.equal(res.headers.get('location'), `/api/bookings/${doc.id}`);
      assert.match(doc.id, /^[0-9a-f]{24}$/);
      assert.deepEqual(Object.keys(doc), ['id', 'product', 'owner', 'from', 'to', 'status', 'customer', 'quote', 'history', 'createdAt', 'updatedAt']);
      assert.deepEqual(doc.product, { id: 'drill', basic: { product_name: 'Půjčovní drill' }, settings: { slug: 'pujcovni-drill' } });
      assert.equal(doc.owner, owner.id);
      assert.deepEqual([doc.from, doc.to, doc.status], [from, to, 'requested']);
      assert.deepEqual(doc.customer, CUSTOMER);
      assert.deepEqual(doc.quote, { units: 3, time_unit: 'day', unitPrice: 100, price: 300, caution: 500, total: 800 });
      assert.deepEqual(doc.history, [{ status: 'requested', at: doc.createdAt, by: 'customer' }]);
      assert.match(doc.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.equal(doc.updatedAt, doc.createdAt);
      const shallow = await server.http.post<{ doc: Booking }>('/api/bookings?depth=0', { product: 'saw', from: `${dayFromNow(40)}T08:00:00+01:00`, to: `${dayFromNow(40)}T10:30:00+01:00`, customer: { name: 'Petr', email: 'petr@example.cz' } });
      assert.equal(shallow.status, 201, shallow.text);
      assert.equal(shallow.body.doc.product, 'saw');
      assert.deepEqual(shallow.body.doc.customer, { name: 'Petr', email: 'petr@example.cz' });
      assert.deepEqual(shallow.body.doc.quote, { units: 3, time_unit: 'hour', unitPrice: 40, price: 120, caution: 0, total: 120 });
    });

    it('names every invalid field in one 400, and stores nothing', async () => {
      const before = (await server.http.get<Page>('/api/bookings/count', admin.token)).body.totalDocs;
      const bad = await server.http.post('/api/bookings', { product: 'nope', from: 'tomorrow', to: '2027-02-30', customer: { name: '  ', email: 'jana@', phone: 'call me', extra: 1 }, coupon: 'X' });
      assert.equal(bad.status, 400);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['product', 'from', 'to', 'customer.name', 'customer.email', 'customer.phone', 'customer.extra', 'coupon']));
      const missing = await server.http.post('/api/bookings', {});
      assert.deepEqual(new Set(errorFields(missing.body)), new Set(['product', 'from', 'to', 'customer.name', 'customer.email']));
      const types = await server.http.post('/api/bookings', { product: 7, from: 1, to: true, customer: 'Jana' });
      assert.deepEqual(new Set(errorFields(types.body)), new Set(['product', 'from', 'to', 'customer']));
      assert.equal((await server.http.post('/api/bookings', [1])).status, 400);
      const reversed = await server.http.post('/api/bookings', { product: 'drill', from: dayFromNow(20), to: dayFromNow(19), customer: CUSTOMER });
      assert.deepEqual(errorFields(reversed.body), ['to']);
      const past = await server.http.post('/api/bookings', { product: 'drill', from: dayFromNow(-2), to: dayFromNow(1), customer: CUSTOMER });
      assert.deepEqual(errorFields(past.body), ['from']);
      assert.equal((await server.http.get<Page>('/api/bookings/count', admin.token)).body.totalDocs, before);
    });

    it('refuses an unpublished, hidden or missing product alike: 400 naming `product`', async () => {
      const ask = (product: string, token?: string) => server.http.post('/api/bookings', { product, from: dayFromNow(50), to: dayFromNow(51), customer: CUSTOMER }, token);
      const answers = await Promise.all([ask('draft'), ask('draft', owner.token), ask('no-such-product'), ask('draft', other.token)]);
      for (const res of answers) {
        assert.equal(res.status, 400, res.text);
        assert.deepEqual(errorFields(res.body), ['product']);
      }
      assert.equal(JSON.stringify(answers[0]?.body), JSON.stringify(answers[2]?.body), 'the same answer for a hidden and a missing product');
    });

    it('409 `from` when the time is not free: a reservation, a confirmed booking or an imported block', async () => {
      const reserve = await server.http.post('/api/products/drill', { action: 'reserve', from: dayFromNow(60), to: dayFromNow(62) }, owner.token);
      assert.equal(reserve.status, 200, reserve.text);
      const taken = await server.http.post('/api/bookings', { product: 'drill', from: dayFromNow(62), to: dayFromNow(63), customer: CUSTOMER });
      assert.equal(taken.status, 409);
      assert.deepEqual(errorFields(taken.body), ['from']);
      const { doc } = await requestBooking(server, 'drill', dayFromNow(70), dayFromNow(71));
      assert.equal((await act(server, doc.id, 'confirm', { bearer: owner.token })).status, 200);
      assert.equal((await server.http.post('/api/bookings', { product: 'drill', from: dayFromNow(71), to: dayFromNow(72), customer: CUSTOMER })).status, 409);
      // Another open request for the same days is no obstacle: only confirmed ones reserve.
      await requestBooking(server, 'drill', dayFromNow(80), dayFromNow(81));
      await requestBooking(server, 'drill', dayFromNow(80), dayFromNow(81));
      const imported = await server.http.patch('/api/products/ladder', { availability: { reservationDates: [{ id: 'ext-1', from: dayFromNow(90), to: dayFromNow(91), source: 'ical', calendar: 'c1' }] } }, other.token);
      assert.equal(imported.status, 200, imported.text);
      const blocked = await server.http.post('/api/bookings', { product: 'ladder', from: dayFromNow(91), to: dayFromNow(92), customer: CUSTOMER });
      assert.equal(blocked.status, 409);
      // A rule broken and the time taken: the 400 comes first.
      const both = await server.http.post('/api/bookings', { product: 'drill', from: dayFromNow(61), to: dayFromNow(60), customer: CUSTOMER });
      assert.equal(both.status, 400);
    });

    it('reads a booking for its owner, an admin and the token holder; for anyone else it does not exist', async () => {
      const { doc, token } = await requestBooking(server, 'drill', dayFromNow(100), dayFromNow(101));
      const read = (query: string, bearer?: string) => server.http.get<Booking>(`/api/bookings/${doc.id}${query}`, bearer);
      for (const res of [await read(`?token=${token}`), await read('', owner.token), await read('', admin.token)]) {
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(res.body.customer, CUSTOMER);
      }
      assert.equal((await read(`?token=${token}&depth=0`)).body.product, 'drill');
      const other404 = await read('', other.token);
      const { doc: second, token: secondToken } = await requestBooking(server, 'drill', dayFromNow(102), dayFromNow(103));
      const missing = await server.http.get('/api/bookings/000000000000000000000000');
      for (const res of [await read(''), other404, await read('?token=wrong'), await read(`?token=${token.slice(0, -1)}`), await read(`?token=${secondToken}`), await read(`?token=${token}x`), missing]) {
        assert.equal(res.status, 404, res.text);
        assert.equal(errorFields(res.body)[0], undefined);
      }
      assert.equal((await server.http.get(`/api/bookings/${second.id}?token=${secondToken}`)).status, 200);
      // Not found reads the same whether the id exists or not.
      assert.equal((await read('?token=wrong')).text.replace(doc.id, 'X'), (await server.http.get('/api/bookings/000000000000000000000000?token=wrong')).text.replace('000000000000000000000000', 'X'));
      assert.equal((await server.http.get('/api/bookings/..%2F..')).status, 404);
    });

    it('keeps only a hash of the token', async () => {
      const { doc, token } = await requestBooking(server, 'drill', dayFromNow(110), dayFromNow(111));
      const row = await server.storage.bookings.get(doc.id);
      assert.ok(row);
      assert.notEqual(row.token_hash, token);
      assert.match(row.token_hash, /^[0-9a-f]{64}$/);
      assert.ok(!JSON.stringify(row).includes(token));
    });

    it('lists and counts for the owner (their products), an admin (all); anonymous 401; other owners see none of them', async () => {
      await requestBooking(server, 'ladder', dayFromNow(120), dayFromNow(121), { name: 'Karel', email: 'karel@example.cz' } as typeof CUSTOMER);
      const mine = await server.http.get<Page>('/api/bookings?limit=100', owner.token);
      assert.equal(mine.status, 200);
      assert.ok(mine.body.docs.length > 0 && mine.body.docs.every((b) => b.owner === owner.id));
      assert.deepEqual(Object.keys(mine.body).sort(), ['docs', 'hasNextPage', 'hasPrevPage', 'limit', 'nextPage', 'page', 'pagingCounter', 'prevPage', 'totalDocs', 'totalPages']);
      const theirs = await server.http.get<Page>('/api/bookings?limit=100', other.token);
      assert.ok(theirs.body.docs.every((b) => b.owner === other.id && (typeof b.product === 'object' ? b.product.id : b.product) === 'ladder'));
      const all = await server.http.get<Page>('/api/bookings?limit=100', admin.token);
      assert.equal(all.body.totalDocs, mine.body.totalDocs + theirs.body.totalDocs);
      assert.equal((await server.http.get('/api/bookings')).status, 401);
      assert.equal((await server.http.get('/api/bookings/count')).status, 401);
      const count = await server.http.get<{ totalDocs: number }>('/api/bookings/count', owner.token);
      assert.deepEqual(count.body, { totalDocs: mine.body.totalDocs });
      // A stranger's where on the customer finds nothing of another owner's.
      const probe = await server.http.get<Page>(`/api/bookings?where[customer.email][equals]=${encodeURIComponent(CUSTOMER.email)}`, other.token);
      assert.equal(probe.body.totalDocs, 0);
      // A list's every bad parameter in one 400, as for the other collections (SPEC 1).
      const bad = await server.http.get('/api/bookings?limit=0&page=0&sort=bogus&where[a][equals]=1&depth=abc', owner.token);
      assert.equal(bad.status, 400);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['limit', 'page', 'sort', 'where.a', 'depth']));
    });

    it('filters by status, product, from, to, createdAt and customer.email; sorts; populates at depth 1', async () => {
      const q = (query: string) => server.http.get<Page>(`/api/bookings?limit=100&${query}`, owner.token);
      const saws = await q('where[product][equals]=saw&depth=0');
      assert.ok(saws.body.docs.length >= 1 && saws.body.docs.every((b) => b.product === 'saw'));
      const confirmed = await q('where[status][equals]=confirmed');
      assert.ok(confirmed.body.docs.length >= 1 && confirmed.body.docs.every((b) => b.status === 'confirmed'));
      const petr = await q('where[customer.email][equals]=petr@example.cz');
      assert.deepEqual(petr.body.docs.map((b) => b.customer.name), ['Petr']);
      const late = await q(`where[from][greater_than_equal]=${dayFromNow(100)}&where[to][less_than_equal]=${dayFromNow(103)}&sort=from`);
      assert.deepEqual(late.body.docs.map((b) => b.from), [dayFromNow(100), dayFromNow(102)]);
      const byFromDesc = await q('sort=-from');
      const froms = byFromDesc.body.docs.map((b) => Date.parse(b.from.length === 10 ? `${b.from}T00:00:00Z` : b.from));
      assert.deepEqual(froms, [...froms].sort((a, b) => b - a));
      const recent = await q(`where[createdAt][greater_than]=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`);
      assert.equal(recent.body.totalDocs, (await q('')).body.totalDocs);
      const bad = await q('where[customer.name][equals]=Jana&sort=customer.email');
      assert.equal(bad.status, 400);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['where.customer.name', 'sort']));
      const deep = await server.http.get<Page>('/api/bookings?where[product][equals]=drill&limit=1', owner.token);
      assert.deepEqual(deep.body.docs[0]?.product, { id: 'drill', basic: { product_name: 'Půjčovní drill' }, settings: { slug: 'pujcovni-drill' } });
    });
  });
}
