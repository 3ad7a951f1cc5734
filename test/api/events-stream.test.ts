import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { ManualClock } from '../helpers/clock.js';
import { liveHeap } from '../helpers/heap.js';
import { errorFields } from '../helpers/http.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { Receiver } from '../helpers/receiver.js';
import { SseStream } from '../helpers/sse.js';
import { until } from '../helpers/until.js';
import { createRentable, dayFromNow, requestBooking } from '../helpers/bookings.js';

const product = (name: string, published: boolean, extra: Record<string, unknown> = {}) => ({ basic: { product_name: name }, settings: { published }, ...extra });

async function upload(server: TestServer, token: string): Promise<string> {
  const form = new FormData();
  const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
  form.append('file', new Blob([png], { type: 'image/png' }), 'dot.png');
  const res = await fetch(`${server.url}/api/rentMedia`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  assert.equal(res.status, 201);
  return ((await res.json()) as { doc: { id: string } }).doc.id;
}

for (const dialect of dialects) {
  describe(`live event stream (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      [owner, other, admin] = await Promise.all([server.signUp(), server.signUp(), server.signUp({ admin: true })]);
    });
    after(() => server.close());

    it('shows each caller what their read access allows: anonymous and other owners the published catalogue, the owner their own, an admin everything', async () => {
      const streams = {
        anonymous: await SseStream.open(server.url),
        owner: await SseStream.open(server.url, { token: owner.token }),
        other: await SseStream.open(server.url, { token: other.token }),
        admin: await SseStream.open(server.url, { token: admin.token }),
      };
      for (const stream of Object.values(streams)) assert.equal(stream.status, 200);
      const published = (await server.http.post<{ doc: { id: string } }>('/api/products', product('Vrtačka', true), owner.token)).body.doc.id;
      const hidden = (await server.http.post<{ doc: { id: string } }>('/api/products', product('Tajná', false), owner.token)).body.doc.id;
      const reserved = await server.http.post<{ availability: { reservationDates: { id: string }[] } }>(`/api/products/${published}`, { action: 'reserve', from: '2026-12-01', to: '2026-12-02', note: 'Jan Novák, +420 777' }, owner.token);
      const reservationId = reserved.body.availability.reservationDates[0]?.id;
      await server.http.post(`/api/products/${hidden}`, { action: 'reserve', from: '2026-12-05', to: '2026-12-06' }, owner.token);
      const media = await upload(server, owner.token);
      const foreign = (await server.http.post<{ doc: { id: string } }>('/api/products', product('Cizí skrytá', false), other.token)).body.doc.id;
      await server.http.delete(`/api/products/${published}`, owner.token);
      assert.ok(await until(() => streams.admin.events.length >= 9, 10_000), streams.admin.types().join());
      await new Promise((done) => setTimeout(done, 300));

      const summary = (stream: SseStream) => stream.events.map((event) => `${event.event}:${event.data.data.id ?? event.data.data.product}`);
      const publicView = [`product.created:${published}`, `product.updated:${published}`, `reservation.created:${published}`, `product.deleted:${published}`];
      assert.deepEqual(summary(streams.anonymous), publicView);
      // Another owner sees the public catalogue and their own product.
      assert.deepEqual(summary(streams.other), [...publicView.slice(0, 3), `product.created:${foreign}`, publicView[3]]);
      assert.deepEqual(summary(streams.owner), [
        `product.created:${published}`, `product.created:${hidden}`, `product.updated:${published}`, `reservation.created:${published}`,
        `product.updated:${hidden}`, `reservation.created:${hidden}`, `media.created:${media}`, `product.deleted:${published}`,
      ]);
      assert.deepEqual(summary(streams.admin), [
        `product.created:${published}`, `product.created:${hidden}`, `product.updated:${published}`, `reservation.created:${published}`,
        `product.updated:${hidden}`, `reservation.created:${hidden}`, `media.created:${media}`, `product.created:${foreign}`, `product.deleted:${published}`,
      ]);
      // Reservations reach the public as {id, from, to} only; their owner sees the note.
      const publicReservation = streams.anonymous.events.find((event) => event.event === 'reservation.created');
      assert.deepEqual(publicReservation?.data.data, { product: published, reservation: { id: reservationId, from: '2026-12-01', to: '2026-12-02' } });
      assert.equal(streams.owner.events.find((event) => event.event === 'reservation.created')?.data.data.reservation.note, 'Jan Novák, +420 777');
      for (const stream of [streams.anonymous, streams.other]) assert.ok(!JSON.stringify(stream.events).includes('Novák'));
      // The SSE id is the event's id, increasing, and data holds the whole event.
      for (const event of streams.admin.events) {
        assert.equal(event.id, String(event.data.id));
        assert.equal(event.event, event.data.type);
        assert.deepEqual(Object.keys(event.data), ['id', 'type', 'createdAt', 'data']);
      }
      const ids = streams.admin.events.map((event) => event.data.id);
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
      for (const stream of Object.values(streams)) await stream.close();
    });

    it('ends a signed-in stream at its logout: no later event reaches it (SPEC 4)', async () => {
      const leaving = await server.signUp();
      await createRentable(server, leaving.token, `leaving-${dialect}`);
      const stream = await SseStream.open(server.url, { token: leaving.token });
      const watching = await SseStream.open(server.url, { token: admin.token });
      assert.equal(stream.status, 200);
      await requestBooking(server, `leaving-${dialect}`, dayFromNow(40), dayFromNow(41));
      assert.ok(await until(() => stream.types().includes('booking.requested'), 10_000), 'the owner sees its booking while signed in');
      assert.equal((await server.http.post('/api/rents/logout', undefined, leaving.token)).status, 200);
      // Right after the logout, a customer's request with their details: it must not reach the old stream.
      await requestBooking(server, `leaving-${dialect}`, dayFromNow(50), dayFromNow(51), { name: 'Po Odhlášení', email: 'po@example.cz', phone: '+420 600 000 000', note: 'Po odhlášení.' });
      assert.ok(await until(() => stream.ended, 5_000), 'the stream ended at the logout, not at the next minute');
      assert.ok(await until(() => watching.events.filter((event) => event.event === 'booking.requested').length >= 2, 10_000), 'a signed-in stream got both requests');
      assert.equal(stream.events.filter((event) => event.event === 'booking.requested').length, 1, stream.types().join());
      assert.ok(!JSON.stringify(stream.events).includes('Po Odhlášení'));
      await watching.close();
    });

    it('resumes after Last-Event-ID with nothing lost or repeated; refuses a bad id and a bad token', async () => {
      const first = await SseStream.open(server.url, { token: owner.token });
      for (let i = 0; i < 3; i++) await server.http.post('/api/products', product(`Před ${i}`, true), owner.token);
      assert.ok(await until(() => first.events.length === 3, 10_000));
      await first.close();
      const lastSeen = first.lastId();
      const missed: string[] = [];
      for (let i = 0; i < 4; i++) missed.push((await server.http.post<{ doc: { id: string } }>('/api/products', product(`Mezitím ${i}`, true), owner.token)).body.doc.id);
      const resumed = await SseStream.open(server.url, { token: owner.token, lastEventId: lastSeen });
      const header = await SseStream.open(server.url, { query: `?lastEventId=${lastSeen}` });
      const later = (await server.http.post<{ doc: { id: string } }>('/api/products', product('Potom', true), owner.token)).body.doc.id;
      assert.ok(await until(() => resumed.events.length >= 5 && header.events.length >= 5, 10_000));
      await new Promise((done) => setTimeout(done, 300));
      for (const stream of [resumed, header]) {
        assert.deepEqual(stream.events.map((event) => event.data.data.id), [...missed, later]);
        assert.ok(stream.events.every((event) => Number(event.id) > Number(lastSeen)));
        await stream.close();
      }
      const bad = await server.http.get('/api/events', undefined, { 'last-event-id': 'yesterday' });
      assert.equal(bad.status, 400);
      assert.deepEqual(errorFields(bad.body), ['Last-Event-ID']);
      assert.equal((await server.http.get('/api/events', undefined, { authorization: 'Bearer not-a-token' })).status, 401);
    });

    it('records no event for a change that fails or rolls back, and one for each that commits', async () => {
      const watch = await SseStream.open(server.url, { token: admin.token });
      const id = (await server.http.post<{ doc: { id: string } }>('/api/products', product('Jediná', true), owner.token)).body.doc.id;
      // Refused inside the write (the id is taken; a slug taken; a stale If-Match; an unknown term): nothing commits.
      assert.equal((await server.http.post(`/api/products/${id}`, product('Duplicitní', true), owner.token)).status, 409);
      assert.equal((await server.http.post('/api/products', product('Jiná', true, { settings: { published: true, slug: 'jedina' } }), owner.token)).status, 409);
      assert.equal((await server.http.patch(`/api/products/${id}`, { internal_name: 'x' }, owner.token, { 'if-match': '"stale"' })).status, 412);
      assert.equal((await server.http.post('/api/products', product('Bez podmínek', true, { additional: { selectedTerm: 'none' } }), owner.token)).status, 400);
      const last = (await server.http.patch<{ doc: { id: string } }>(`/api/products/${id}`, { internal_name: 'po chybách' }, owner.token)).body.doc.id;
      assert.ok(await until(() => watch.events.length === 2, 5_000));
      await new Promise((done) => setTimeout(done, 200));
      assert.deepEqual(watch.events.map((event) => `${event.event}:${event.data.data.id}`), [`product.created:${id}`, `product.updated:${last}`]);
      assert.equal(watch.events[1]?.data.data.internal_name, 'po chybách');
      assert.equal(Number(watch.events[1]?.id), Number(watch.events[0]?.id) + 1, 'no event id was used by the failed writes in between');
      await watch.close();
    });

    it('brings every instance\'s events to every instance\'s streams', async () => {
      const second = await startServer(dialect, () => {}, { databaseUrl: server.databaseUrl });
      try {
        const onSecond = await SseStream.open(second.url, { token: owner.token });
        const made = (await server.http.post<{ doc: { id: string } }>('/api/products', product('Z první instance', true), owner.token)).body.doc.id;
        assert.ok(await until(() => onSecond.events.some((event) => event.data.data.id === made), 5_000), 'the event made on the first instance reached the second one\'s stream');
        await onSecond.close();
      } finally {
        await second.close();
      }
    });
  });
}

describe('live event stream: heartbeats, slow readers, retention and shutdown (sqlite)', () => {
  it('sends a comment at least every 15 s', async () => {
    const server = await startServer('sqlite');
    try {
      const stream = await SseStream.open(server.url);
      const opened = stream.comments;
      assert.ok(await until(() => stream.comments > opened, 15_000, 100), 'a heartbeat within 15 s');
      await stream.close();
    } finally {
      await server.close();
    }
  });

  it('cuts off a client that stops reading once its buffer passes the limit, and the process keeps its memory', async () => {
    const server = await startServer('sqlite');
    try {
      const owner = await server.signUp();
      const heapBefore = liveHeap();
      const memoryBefore = process.memoryUsage();
      // A client that sends its request and never reads a byte of the answer.
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1');
      // A paused socket does not notice that the server closed it; it tells once it reads again.
      let closedByServer = false;
      let bytes = 0;
      socket.on('close', () => (closedByServer = true));
      socket.on('error', () => undefined);
      await new Promise((done) => socket.once('connect', done));
      socket.write('GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n');
      socket.pause();
      // Stored and sent as ASCII JSON, each ř is six bytes (\u0159): an event of ~114 KB. The
      // loopback's socket buffers take tens of MB (tcp_rmem up to 32 MB) before the service's own fills.
      const description = 'ř'.repeat(19_000);
      let created = 0;
      while (created < 1_000) {
        await Promise.all(Array.from({ length: 20 }, (_, i) => server.http.post('/api/products', product(`Velký ${created + i}`, true, { basic: { product_name: `Velký ${created + i}`, product_desc: description } }), owner.token)));
        created += 20;
      }
      const heapGrowth = liveHeap() - heapBefore;
      const externalGrowth = process.memoryUsage().external - memoryBefore.external;
      socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
      socket.resume();
      assert.ok(await until(() => closedByServer, 10_000), 'the server had closed the stream of the client that did not read');
      // An SSE stream never ends by itself: it was cut, with most of the ~40 MB of events never sent.
      assert.ok(bytes < created * 38_000 * 0.9, `${Math.round(bytes / 1024)} KB reached it`);
      assert.ok(heapGrowth + externalGrowth < 16 * 1024 * 1024, `memory grew by ${Math.round((heapGrowth + externalGrowth) / 1024)} KB`);
      // The service goes on streaming to clients that read.
      const next = await SseStream.open(server.url);
      await server.http.post('/api/products', product('Po odpojení', true), owner.token);
      assert.ok(await until(() => next.events.length === 1, 5_000));
      await next.close();
      socket.destroy();
    } finally {
      await server.close();
    }
  });

  it('after the retention, a resume first gets a reset event, then new events', async () => {
    const clock = new ManualClock();
    const server = await startServer('sqlite', (config) => (config.events.retention = 60_000), { clock });
    try {
      const owner = await server.signUp();
      const first = await SseStream.open(server.url, { token: owner.token });
      await server.http.post('/api/products', product('Stará', true), owner.token);
      assert.ok(await until(() => first.events.length === 1, 5_000));
      await first.close();
      await server.http.post('/api/products', product('Také stará', true), owner.token);
      // Events a minute old are pruned on the next run of the pruning job (every 15 s of the clock at this retention).
      const oldest = first.lastId();
      await new Promise((done) => setTimeout(done, 50));
      clock.advance(10 * 60_000);
      assert.ok(await until(async () => {
        clock.advance(20_000);
        const probe = await SseStream.open(server.url, { token: owner.token, lastEventId: oldest });
        await new Promise((done) => setTimeout(done, 100));
        const reset = probe.events[0]?.event === 'reset';
        await probe.close();
        return reset;
      }, 10_000, 200), 'a reset once the events after Last-Event-ID are pruned');
      const resumed = await SseStream.open(server.url, { token: owner.token, lastEventId: oldest });
      await server.http.post('/api/products', product('Nová', true), owner.token);
      assert.ok(await until(() => resumed.events.length === 2, 5_000));
      assert.equal(resumed.events[0]?.event, 'reset');
      assert.equal(resumed.events[0]?.data.type, 'reset');
      assert.equal(resumed.events[1]?.data.data.basic.product_name, 'Nová');
      await resumed.close();
    } finally {
      await server.close();
    }
  });

  it('a resume from an event older than the retention gets a reset while a webhook still keeps that event', async () => {
    const clock = new ManualClock();
    const receiver = await Receiver.start(() => 500);
    const server = await startServer(
      'sqlite',
      (config) => {
        config.events.retention = 60_000;
        config.webhooks.allowPrivateAddresses = true;
      },
      { clock },
    );
    try {
      const owner = await server.signUp();
      assert.equal((await server.http.post('/api/webhooks', { url: `${receiver.url}/hook`, events: ['product.created'] }, owner.token)).status, 201);
      const first = await SseStream.open(server.url, { token: owner.token });
      await server.http.post('/api/products', product('Stará', true), owner.token);
      assert.ok(await until(() => first.events.length === 1, 5_000));
      await first.close();
      const oldest = Number(first.lastId());
      await server.http.post('/api/products', product('Také stará', true), owner.token);
      assert.ok(await until(() => receiver.received.length >= 2, 5_000), 'the receiver refused both events');
      // Ten minutes on, past the retention; pruning runs, but the failing webhook still owes both events.
      clock.advance(10 * 60_000);
      await new Promise((done) => setTimeout(done, 200));
      const resumed = await SseStream.open(server.url, { token: owner.token, lastEventId: oldest });
      await server.http.post('/api/products', product('Nová', true), owner.token);
      assert.ok(await until(() => resumed.events.length === 2, 5_000), JSON.stringify(resumed.events));
      assert.equal(resumed.events[0]?.event, 'reset');
      assert.equal(resumed.events[1]?.data.data.basic.product_name, 'Nová', 'the event older than the retention is not replayed');
      await resumed.close();
      const db = new Database(join(server.dataDir, 'rental.db'), { readonly: true });
      try {
        const kept = db.prepare('SELECT count(*) AS n FROM events WHERE id >= ? AND id <= ?').get(oldest, oldest + 1) as { n: number };
        assert.equal(kept.n, 2, 'both events were still stored: the reset came from their age, not from pruning');
      } finally {
        db.close();
      }
    } finally {
      await server.close();
      await receiver.close();
    }
  });

  it('a resume from an id this database never reached gets a reset, then new events', async () => {
    const server = await startServer('sqlite');
    try {
      const owner = await server.signUp();
      await server.http.post('/api/products', product('Před', true), owner.token);
      // An id from another (or a restored) database: without the reset, events would wait until ids pass it.
      const resumed = await SseStream.open(server.url, { token: owner.token, lastEventId: 999_999 });
      await server.http.post('/api/products', product('Po', true), owner.token);
      assert.ok(await until(() => resumed.events.length === 2, 5_000), JSON.stringify(resumed.events));
      assert.equal(resumed.events[0]?.event, 'reset');
      assert.equal(resumed.events[0]?.data.data.lastEventId, 999_999);
      assert.equal(resumed.events[1]?.data.data.basic.product_name, 'Po');
      assert.ok(Number(resumed.events[1]?.id) < 999_999);
      await resumed.close();
    } finally {
      await server.close();
    }
  });

  it('ends its streams cleanly when the service closes', async () => {
    const server = await startServer('sqlite');
    const stream = await SseStream.open(server.url);
    const closing = server.close();
    await Promise.race([stream.done, new Promise((done) => setTimeout(done, 5_000))]);
    assert.ok(stream.ended, 'the stream ended');
    assert.equal(stream.error, undefined, 'cleanly, not cut');
    await closing;
  });
});
