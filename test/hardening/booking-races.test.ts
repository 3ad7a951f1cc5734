import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { openStorage, type Storage } from '../../src/storage/storage.js';
import { HttpClient } from '../helpers/http.js';
import { TEST_SECRET, dialects, listenOnLoopback, startServer, type TestServer } from '../helpers/server.js';
import { act, createRentable, dayFromNow, requestBooking } from '../helpers/bookings.js';

type Product = { availability: { reservationDates: { id: string; from: string; to: string; bookingId?: string }[] } };

const DAY = 86_400_000;
const instant = (text: string, as: 'start' | 'end') => Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) + (as === 'end' && text.length === 10 ? DAY : 0);

/** No two reservations of the product overlap (bare intervals: the owner may reserve inside a buffer). */
function assertNoOverlap(product: Product): void {
  const items = product.availability.reservationDates.map((item) => ({ start: instant(item.from, 'start'), end: instant(item.to, 'end') })).sort((a, b) => a.start - b.start);
  for (let i = 1; i < items.length; i++) assert.ok((items[i - 1] as { end: number }).end <= (items[i] as { start: number }).start, `reservations overlap: ${JSON.stringify(product.availability.reservationDates)}`);
}

/**
 * Confirmations race on two instances of the service sharing one database (in this process,
 * with no queue between them but the database's own locks): of overlapping requests exactly
 * one is confirmed, and an owner's `reserve` racing a confirmation never leaves an overlap.
 */
for (const dialect of dialects) {
  describe(`racing confirmations (${dialect}, two instances)`, () => {
    let server: TestServer;
    let second: { app: FastifyInstance; storage: Storage; http: HttpClient };
    let owner: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      const storage = await openStorage(server.databaseUrl, server.dataDir);
      const config = defaultConfig();
      config.rateLimit = false;
      const { app } = await buildApp({ config, storage, secret: TEST_SECRET, dataDir: server.dataDir, bodyFileBytes: 0 });
      second = { app, storage, http: new HttpClient(await listenOnLoopback(app)) };
      owner = await server.signUp();
      await createRentable(server, owner.token, 'boat', { additional: { buffer_after: 'PT12H' } });
    });
    after(async () => {
      await second.app.close();
      await second.storage.close();
      await server.close();
    });

    const instances = () => [server.http, second.http];

    it('of 20 confirmations of overlapping requests, exactly one wins', async () => {
      const requests = [];
      // Each overlaps every other (they share the 101st day), from different starts and lengths.
      for (let i = 0; i < 20; i++) requests.push(await requestBooking(server, 'boat', dayFromNow(101 - (i % 5)), dayFromNow(101 + (i % 4))));
      const answers = await Promise.all(requests.map(({ doc }, i) => instances()[i % 2]!.post(`/api/bookings/${doc.id}`, { action: 'confirm' }, owner.token)));
      const statuses = answers.map((res) => res.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, `one 200: ${statuses.join(' ')}`);
      assert.equal(statuses.filter((s) => s === 409).length, 19, `nineteen 409: ${statuses.join(' ')}`);
      const product = (await server.http.get<Product>('/api/products/boat?depth=0')).body;
      const winners = product.availability.reservationDates.filter((item) => item.bookingId);
      assert.equal(winners.length, 1);
      const winner = requests[statuses.indexOf(200)]!.doc;
      assert.equal(winners[0]?.bookingId, winner.id);
      // Every loser is still a request; the winner is confirmed on both instances.
      for (const [i, { doc }] of requests.entries()) {
        const seen = await instances()[(i + 1) % 2]!.get<{ status: string }>(`/api/bookings/${doc.id}`, owner.token);
        assert.equal(seen.body.status, doc.id === winner.id ? 'confirmed' : 'requested');
      }
    });

    it('a confirmation racing the owner’s reserve of the same days never leaves an overlap', async () => {
      const outcomes = new Map<string, number>();
      for (let round = 0; round < 12; round++) {
        const day = 200 + round * 5;
        const { doc } = await requestBooking(server, 'boat', dayFromNow(day), dayFromNow(day + 1));
        const confirming = () => instances()[round % 2]!.post(`/api/bookings/${doc.id}`, { action: 'confirm' }, owner.token);
        const reserving = () => instances()[(round + 1) % 2]!.post('/api/products/boat', { action: 'reserve', from: dayFromNow(day + 1), to: dayFromNow(day + 2) }, owner.token);
        // Each sent first in turn.
        const [confirm, reserve] = round % 2 === 0 ? await Promise.all([confirming(), reserving()]) : await Promise.all([reserving(), confirming()]).then(([r, c]) => [c, r] as const);
        const key = `confirm ${confirm.status}, reserve ${reserve.status}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        assert.ok([200, 409].includes(confirm.status) && [200, 409].includes(reserve.status), key);
        assert.equal([confirm.status, reserve.status].filter((s) => s === 200).length, 1, `exactly one of them: ${key}`);
        assertNoOverlap((await second.http.get<Product>('/api/products/boat?depth=0')).body);
      }
      process.stderr.write(`confirm/reserve races (${dialect}): ${JSON.stringify(Object.fromEntries(outcomes))}\n`);
    });

    it('a cancellation and a confirmation of one booking: one of the two orders, never both halves', async () => {
      for (let round = 0; round < 8; round++) {
        const { doc } = await requestBooking(server, 'boat', dayFromNow(400 + round * 5), dayFromNow(401 + round * 5));
        const [confirm, cancel] = await Promise.all([act(server, doc.id, 'confirm', { bearer: owner.token }), second.http.post(`/api/bookings/${doc.id}`, { action: 'cancel' }, owner.token)]);
        const final = (await server.http.get<{ status: string; reservationId?: string }>(`/api/bookings/${doc.id}`, owner.token)).body;
        assert.equal(cancel.status, 200, 'cancel applies to a requested and to a confirmed booking');
        assert.equal(final.status, 'cancelled');
        assert.ok([200, 409].includes(confirm.status));
        const product = (await server.http.get<Product>('/api/products/boat?depth=0')).body;
        assert.ok(!product.availability.reservationDates.some((item) => item.bookingId === doc.id), 'a cancelled booking holds no reservation');
      }
    });
  });
}
