import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../helpers/clock.js';
import { act, CUSTOMER, createRentable, dayFromNow, requestBooking, type Booking } from '../helpers/bookings.js';
import { Receiver } from '../helpers/receiver.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { SseStream, type StreamedEvent } from '../helpers/sse.js';
import { until } from '../helpers/until.js';

const EXPIRY = 72 * 3_600_000;
const BOOKING_TYPES = ['booking.requested', 'booking.confirmed', 'booking.declined', 'booking.cancelled', 'booking.expired'];

for (const dialect of dialects) {
  describe(`booking events (${dialect})`, () => {
    let server: TestServer;
    let receiver: Receiver;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };
    const clock = new ManualClock();

    before(async () => {
      server = await startServer(dialect, (config) => (config.webhooks.allowPrivateAddresses = true), { clock });
      receiver = await Receiver.start();
      [owner, other, admin] = await Promise.all([server.signUp(), server.signUp(), server.signUp({ admin: true })]);
      await createRentable(server, owner.token, 'tent');
    });
    after(async () => {
      await server.close();
      await receiver.close();
    });

    it('records every status change in its transaction: the owner, admins and the owner\'s webhook get it; anonymous and other owners never', async () => {
      const hook = await server.http.post('/api/webhooks', { url: `${receiver.url}/hook`, events: [...BOOKING_TYPES, 'reservation.created', 'reservation.released'] }, owner.token);
      assert.equal(hook.status, 201, hook.text);
      const streams = {
        anonymous: await SseStream.open(server.url),
        owner: await SseStream.open(server.url, { token: owner.token }),
        other: await SseStream.open(server.url, { token: other.token }),
        admin: await SseStream.open(server.url, { token: admin.token }),
      };
      for (const stream of Object.values(streams)) assert.equal(stream.status, 200);
      const base = clock.now() + 365 * 86_400_000;
      const day = (n: number) => dayFromNow(n, base);

      const a = await requestBooking(server, 'tent', day(1), day(2));
      const confirmed = await act(server, a.doc.id, 'confirm', { bearer: owner.token });
      assert.equal(confirmed.status, 200, confirmed.text);
      assert.equal((await act(server, a.doc.id, 'cancel', { customerToken: a.token })).status, 200);
      const b = await requestBooking(server, 'tent', day(5), day(6));
      assert.equal((await act(server, b.doc.id, 'decline', { bearer: owner.token }, { reason: 'Údržba' })).status, 200);
      // A refused change records nothing.
      assert.equal((await act(server, b.doc.id, 'confirm', { bearer: owner.token })).status, 409);
      const c = await requestBooking(server, 'tent', day(9), day(10));
      clock.advance(EXPIRY + 1000);
      // The job's timer runs on the manual clock: each look moves it on a second.
      const expiredC = async () => {
        clock.advance(1000);
        return (await server.http.get<Booking>(`/api/bookings/${c.doc.id}?depth=0`, owner.token)).body.status === 'expired';
      };
      assert.ok(await until(expiredC, 5000), 'the request expired');

      const reservationId = confirmed.body.reservationId;
      const expected = [
        `booking.requested:${a.doc.id}`, `booking.confirmed:${a.doc.id}`, `reservation.created:${reservationId}`,
        `booking.cancelled:${a.doc.id}`, `reservation.released:${reservationId}`,
        `booking.requested:${b.doc.id}`, `booking.declined:${b.doc.id}`,
        `booking.requested:${c.doc.id}`, `booking.expired:${c.doc.id}`,
      ];
      const summary = (events: { type: string; data: Record<string, any> }[]) =>
        events.filter((event) => event.type.startsWith('booking.') || event.type.startsWith('reservation.'))
          .map((event) => `${event.type}:${event.type.startsWith('booking.') ? event.data.id : event.data.reservation.id}`);
      const streamed = (stream: SseStream) => summary(stream.events.map((event: StreamedEvent) => event.data));
      assert.ok(await until(() => streamed(streams.admin).length >= expected.length && receiver.events().length >= expected.length, 10_000), streamed(streams.admin).join());
      await new Promise((done) => setTimeout(done, 300));

      assert.deepEqual(streamed(streams.owner), expected);
      assert.deepEqual(streamed(streams.admin), expected);
      // Deliveries run in parallel, at least once: in id order, each once, they are the same events.
      const delivered = [...new Map(receiver.events().map((event) => [event.id, event])).values()].sort((x, y) => x.id - y.id);
      assert.deepEqual(summary(delivered), expected);
      // Anonymous callers and other owners see the published product's reservations only, as {id, from, to}.
      const publicView = [`reservation.created:${reservationId}`, `reservation.released:${reservationId}`];
      assert.deepEqual(streamed(streams.anonymous), publicView);
      assert.deepEqual(streamed(streams.other), publicView);
      for (const stream of [streams.anonymous, streams.other]) {
        assert.ok(!stream.events.some((event) => event.event?.startsWith('booking.')));
        assert.ok(!JSON.stringify(stream.events).includes(CUSTOMER.name) && !JSON.stringify(stream.events).includes(CUSTOMER.email), 'no customer details');
      }

      // The data is the booking as its owner reads it (depth 0), customer included, in the state the change left it.
      const ownerEvents = streams.owner.events.map((event) => event.data);
      const dataOf = (type: string, id: string) => ownerEvents.find((event) => event.type === type && event.data.id === id)?.data;
      assert.deepEqual(dataOf('booking.requested', a.doc.id), { ...a.doc, product: 'tent' });
      assert.deepEqual(dataOf('booking.confirmed', a.doc.id), { ...confirmed.body, product: 'tent' });
      for (const booking of [a, b, c]) {
        const final = (await server.http.get<Booking>(`/api/bookings/${booking.doc.id}?depth=0`, owner.token)).body;
        const last = [...ownerEvents].reverse().find((event) => event.type.startsWith('booking.') && event.data.id === booking.doc.id);
        assert.equal(last?.type, `booking.${final.status}`);
        assert.deepEqual(last?.data, final);
      }
      assert.equal(dataOf('booking.declined', b.doc.id)?.history.at(-1).reason, 'Údržba');
      assert.equal(dataOf('booking.requested', a.doc.id)?.customer.name, CUSTOMER.name);
      const created = ownerEvents.find((event) => event.type === 'reservation.created')?.data;
      assert.deepEqual(created, { product: 'tent', reservation: { id: reservationId, from: a.doc.from, to: a.doc.to, bookingId: a.doc.id } });
      for (const stream of Object.values(streams)) await stream.close();
    });
  });
}
