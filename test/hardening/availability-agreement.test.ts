import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

/**
 * `availableFrom`/`availableTo` exclude the products with a reservation overlapping the
 * interval, found in SQL through a bounded range of the reservations index. Property: for
 * random intervals (dates, date-times with offsets, one end open), each after a random
 * reservation or release half the time, the list is exactly the products whose reservations,
 * as their documents show them, miss the interval, computed here from the contract alone:
 * a date is a whole UTC day (an end date inclusive), a date-time an instant, intervals
 * half-open. A third of the products keep buffers around their reservations (SPEC 8): the
 * interval and every reservation are widened by them, and may not overlap then.
 * `AVAILABILITY_RUNS=2000 npm test` for the long run.
 */
const RUNS = Number(process.env.AVAILABILITY_RUNS ?? 150);
const PRODUCTS = 16;
const DAY = 86_400_000;

type Reservation = { id: string; from: string; to: string };
type Doc = { id: string; availability: { reservationDates: Reservation[] } };

const HOUR = 3_600_000;
/** The buffers of product i: 12 hours before and a day after, on every third product. */
const buffersOf = (id: string): { before: number; after: number } => (Number(id.slice(2)) % 3 === 0 ? { before: 12 * HOUR, after: DAY } : { before: 0, after: 0 });

/** What a `from` or `to` text means, as the contract says it. */
function instant(text: string, as: 'start' | 'end'): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T00:00:00Z`) + (as === 'end' ? DAY : 0);
  return Date.parse(text);
}

const days = Array.from({ length: 8 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
const times = ['00:00:00Z', '09:30:00+01:00', '12:00:00Z', '23:30:00-02:00', '23:59:59.999Z'];
const boundary = fc.oneof(fc.constantFrom(...days), fc.tuple(fc.constantFrom(...days), fc.constantFrom(...times)).map(([day, time]) => `${day}T${time}`));
/** A `{from, to}` that is valid (from before to), in either form or mixed. */
const interval = fc.tuple(boundary, boundary).filter(([from, to]) => instant(from, 'start') < instant(to, 'end'));
const query = fc.oneof(
  { arbitrary: interval.map(([from, to]) => ({ from, to })), weight: 4 },
  { arbitrary: boundary.map((from) => ({ from, to: undefined })), weight: 1 },
  { arbitrary: boundary.map((to) => ({ from: undefined, to })), weight: 1 },
);

for (const dialect of dialects) {
  describe(`availability filter and reservations agree (${dialect})`, () => {
    let server: TestServer;
    let token: string;

    const reserve = (i: number, from: string, to: string) => server.http.post(`/api/products/p-${i}`, { action: 'reserve', from, to }, token);

    before(async () => {
      server = await startServer(dialect);
      ({ token } = await server.signUp());
      const seed = fc.sample(fc.array(interval, { maxLength: 3 }), { numRuns: PRODUCTS, seed: 7 });
      for (let i = 0; i < PRODUCTS; i++) {
        const additional = i % 3 === 0 ? { buffer_before: 'PT12H', buffer_after: 'P1D' } : {};
        const res = await server.http.post(`/api/products/p-${i}`, { basic: { product_name: `Produkt ${i}` }, additional, settings: { published: true } }, token);
        assert.equal(res.status, 201, res.text);
        for (const [from, to] of seed[i] ?? []) assert.ok([200, 409].includes((await reserve(i, from, to)).status));
      }
    });
    after(() => server.close());

    it('lists exactly the products no reservation of which overlaps the interval', async () => {
      const change = fc.option(fc.tuple(fc.nat(PRODUCTS - 1), fc.option(interval), fc.nat()), { freq: 2 });
      await fc.assert(
        fc.asyncProperty(query, change, async ({ from, to }, action) => {
          const all = await server.http.get<{ docs: Doc[] }>('/api/products?limit=100&depth=0', token);
          if (action) {
            const [i, span, pick] = action;
            const held = all.body.docs.find((doc) => doc.id === `p-${i}`)?.availability.reservationDates ?? [];
            if (span) assert.ok([200, 409].includes((await reserve(i, span[0], span[1])).status));
            else if (held.length > 0) {
              const release = await server.http.post(`/api/products/p-${i}`, { action: 'release', reservationId: held[pick % held.length]!.id }, token);
              assert.equal(release.status, 200, release.text);
            }
          }
          const docs = (await server.http.get<{ docs: Doc[] }>('/api/products?limit=100&depth=0&sort=id', token)).body.docs;
          const start = from === undefined ? -Infinity : instant(from, 'start');
          const end = to === undefined ? Infinity : instant(to, 'end');
          const expected = docs
            .filter((doc) => {
              const { before, after } = buffersOf(doc.id);
              // Both widened: the interval [start - before, end + after), each reservation likewise.
              return doc.availability.reservationDates.every((held) => !(instant(held.from, 'start') - before < end + after && start - before < instant(held.to, 'end') + after));
            })
            .map((doc) => doc.id);
          const params = [from === undefined ? '' : `&availableFrom=${encodeURIComponent(from)}`, to === undefined ? '' : `&availableTo=${encodeURIComponent(to)}`].join('');
          const listed = await server.http.get<{ docs: Doc[] }>(`/api/products?limit=100&depth=0&sort=id${params}`, token);
          assert.equal(listed.status, 200, listed.text);
          assert.deepEqual(listed.body.docs.map((doc) => doc.id), expected, `from ${from} to ${to}`);
          const count = await server.http.get<{ totalDocs: number }>(`/api/products/count?${params.slice(1)}`, token);
          assert.equal(count.body.totalDocs, expected.length, 'count');
        }),
        { numRuns: RUNS },
      );
    });
  });
}
