import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import sharp from 'sharp';
import { defaultConfig } from '../../src/config/defaults.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage } from '../../src/storage/storage.js';
import { startCluster, type Cluster } from '../helpers/cluster.js';
import { HAPROXY } from '../helpers/haproxy.js';
import { HttpClient } from '../helpers/http.js';
import { Receiver } from '../helpers/receiver.js';
import { SseStream } from '../helpers/sse.js';
import { until } from '../helpers/until.js';

const skip = !process.env.TEST_POSTGRES_URL ? 'TEST_POSTGRES_URL is not set'
  : !process.env.TEST_REDIS_URL ? 'TEST_REDIS_URL is not set'
    : !HAPROXY ? 'HAProxy is not installed (apt-get install haproxy)' : false;

const EMAIL = 'balanced@example.com';
const PASSWORD = 'behind the balancer';

type Media = { id: string; filename: string; url: string; sizes: { thumbnail: { url: string } } };

/**
 * A request from a chosen loopback address: HAProxy passes it on in X-Forwarded-For, and the
 * instances (TRUST_PROXY=127.0.0.1) count rate limits per client address.
 */
function from(address: string, url: string, method: string, body?: unknown): Promise<{ status: number; headers: Record<string, unknown> }> {
  const target = new URL(url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method, localAddress: address, headers: payload ? { 'content-type': 'application/json' } : {} },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The requests each instance was sent since `before` (HAProxy's counters). */
async function sentSince(cluster: Cluster, before: Record<string, { sent: number }>): Promise<number[]> {
  const now = await cluster.balancer.servers();
  return cluster.instances.map((instance) => (now[instance.name]?.sent ?? 0) - (before[instance.name]?.sent ?? 0));
}

/**
 * Three service processes behind HAProxy (deploy/haproxy.cfg, health checks on /ready) on one
 * PostgreSQL database, one Redis and one S3 bucket: what holds for one instance holds for the
 * set. Cases for further shared state go in this suite (see the todos at its end).
 */
describe('three instances behind HAProxy', { skip }, () => {
  let cluster: Cluster;
  let lb: HttpClient;

  before(async () => {
    cluster = await startCluster({ instances: 3, configFile: 'test/fixtures/configs/cluster.ts' });
    lb = new HttpClient(cluster.url);
    const storage = await openStorage(cluster.databaseUrl, tmpdir());
    try {
      await createAccount({ config: defaultConfig(), storage }, 'system', { email: EMAIL, password: PASSWORD, rentNameSystem: 'Balanced' });
    } finally {
      await storage.close();
    }
  });
  after(() => cluster?.close());

  const login = async (): Promise<string> => {
    const res = await lb.post<{ token: string }>('/api/rents/login', { email: EMAIL, password: PASSWORD });
    assert.equal(res.status, 200, res.text);
    return res.body.token;
  };

  it('spreads requests round robin over every instance', async () => {
    const before = await cluster.balancer.servers();
    for (let i = 0; i < 30; i++) assert.equal((await lb.get('/api/products?limit=1')).status, 200);
    assert.deepEqual(await sentSince(cluster, before), [10, 10, 10]);
  });

  it('serves an image uploaded through any instance from every instance, and a delete on one removes it from all', async () => {
    const token = await login();
    const uploaded: { media: Media; bytes: Buffer }[] = [];
    for (const [index, instance] of cluster.instances.entries()) {
      const bytes = await sharp({ create: { width: 200 + index, height: 100, channels: 3, background: { r: 50 * index, g: 100, b: 150 } } }).png().toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), `instance-${index + 1}.png`);
      const res = await new HttpClient(instance.url).request<{ doc: Media }>('POST', '/api/rentMedia', { raw: form, token });
      assert.equal(res.status, 201, res.text);
      uploaded.push({ media: res.body.doc, bytes });
    }
    for (const { media, bytes } of uploaded) {
      const etags = new Set<string | null>();
      for (const base of [...cluster.instances.map((instance) => instance.url), cluster.url]) {
        const res = await fetch(`${base}${media.url}`);
        assert.equal(res.status, 200, `${media.filename} from ${base}`);
        assert.ok(Buffer.from(await res.arrayBuffer()).equals(bytes), `${media.filename} from ${base}: the same bytes`);
        etags.add(res.headers.get('etag'));
        assert.equal((await fetch(`${base}${media.sizes.thumbnail.url}`)).status, 200);
      }
      assert.equal(etags.size, 1, 'one ETag whichever instance answers: browsers revalidate once, not per instance');
    }
    const [first] = uploaded;
    assert.equal((await new HttpClient(cluster.instances[2]?.url as string).delete(`/api/rentMedia/${first?.media.id}`, token)).status, 200);
    for (const instance of cluster.instances) assert.equal((await fetch(`${instance.url}${first?.media.url}`)).status, 404, instance.name);
  });

  it('ends a session on every instance when it is logged out on one', async () => {
    const token = await login();
    for (const instance of cluster.instances) {
      const me = await new HttpClient(instance.url).get<{ user: { email: string } | null }>('/api/rents/me', token);
      assert.equal(me.body.user?.email, EMAIL, instance.name);
    }
    assert.equal((await new HttpClient(cluster.instances[0]?.url as string).post('/api/rents/logout', undefined, token)).status, 200);
    for (const instance of cluster.instances) {
      const me = await new HttpClient(instance.url).get<{ user: unknown }>('/api/rents/me', token);
      assert.equal(me.body.user, null, instance.name);
    }
  });

  it('counts rate limits once for all instances, per client address', async () => {
    // rateLimit.login.max is 6 (test/fixtures/configs/cluster.ts): counted per instance, 18 would pass.
    const before = await cluster.balancer.servers();
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 9; i++) {
      const res = await from('127.0.0.2', `${cluster.url}/api/rents/login`, 'POST', { email: 'nobody@example.com', password: 'wrong password' });
      statuses.push(res.status);
      retryAfter ??= res.headers['retry-after'];
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401, 429, 429, 429]);
    assert.match(String(retryAfter), /^\d+$/);
    assert.deepEqual(await sentSince(cluster, before), [3, 3, 3], 'every instance counted some');
    // Another client is not held back by the first one's limit.
    assert.equal((await from('127.0.0.3', `${cluster.url}/api/rents/login`, 'POST', { email: 'nobody@example.com', password: 'wrong password' })).status, 401);
  });

  it('loses no acknowledged write when an instance is killed mid-traffic, and takes it back once it is up', async (t) => {
    const token = await login();
    const victim = cluster.instances[1]!;
    const acknowledged: string[] = [];
    /** Statuses, or the error of a request that got no answer. */
    const failures: string[] = [];
    let ackedBeforeKill = 0;
    let sentToVictimBeforeKill = 0;
    let next = 0;
    let killed: Promise<void> | undefined;
    const TOTAL = 240;
    const KILL_AFTER = 60;
    const writer = async () => {
      while (next < TOTAL) {
        const id = `balanced-${next++}`;
        const res = await lb.request('POST', `/api/products/${id}`, { token, body: { basic: { product_name: `Balanced ${id}` } }, signal: AbortSignal.timeout(15_000) })
          .catch((error: Error) => String((error.cause as { code?: string } | undefined)?.code ?? error));
        if (typeof res !== 'string' && res.status === 201) acknowledged.push(id);
        else failures.push(typeof res === 'string' ? res : String(res.status));
        if (acknowledged.length === KILL_AFTER && !killed) {
          ackedBeforeKill = acknowledged.length;
          sentToVictimBeforeKill = (await cluster.balancer.servers())[victim.name]?.sent ?? 0;
          killed = cluster.kill(1);
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    await killed;

    t.diagnostic(`${acknowledged.length} writes acknowledged (${ackedBeforeKill} before the kill), failed: ${failures.join(', ') || 'none'}`);
    // The race happened: the victim took writes before it died, and writes went on after.
    assert.ok(ackedBeforeKill > 0 && sentToVictimBeforeKill > 0, `${ackedBeforeKill} acknowledged, ${sentToVictimBeforeKill} sent to ${victim.name} before the kill`);
    assert.ok(acknowledged.length - ackedBeforeKill > 100, `${acknowledged.length - ackedBeforeKill} acknowledged after the kill`);
    // Only requests in flight on the killed instance may fail: a bad gateway, or a connection
    // closed without an answer (HAProxy's way on a reused connection, which lets browsers retry).
    // None is a 500, none hangs.
    assert.ok(failures.every((failure) => ['502', '503', 'UND_ERR_SOCKET'].includes(failure)), `failures: ${failures.join(', ')}`);
    assert.ok(failures.length <= 8, `${failures.length} failed writes`);
    assert.ok(await cluster.balancer.waitFor(victim.name, 'DOWN', 5_000), 'HAProxy took the killed instance out');

    // Every acknowledged write is stored.
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      const stored = await client.query<{ id: string }>('SELECT id FROM products WHERE id = ANY($1)', [acknowledged]);
      assert.equal(stored.rowCount, acknowledged.length, `${acknowledged.length} acknowledged, ${stored.rowCount} stored`);
    } finally {
      await client.end();
    }
    for (const id of acknowledged.filter((_, index) => index % 20 === 0)) assert.equal((await lb.get(`/api/products/${id}`, token)).status, 200, id);

    await cluster.restart(1);
    const before = await cluster.balancer.servers();
    for (let i = 0; i < 9; i++) assert.equal((await lb.get('/api/products?limit=1')).status, 200);
    assert.deepEqual(await sentSince(cluster, before), [3, 3, 3], 'the restarted instance is in rotation again');
  });

  it('delivers each event to a webhook once and to a live stream on any instance, whichever instance wrote it', async () => {
    const token = await login();
    const receiver = await Receiver.start();
    const streams: SseStream[] = [];
    try {
      const hook = await lb.post<{ doc: { id: string }; secret: string }>('/api/webhooks', { url: `${receiver.url}/hook`, events: ['product.created'] }, token);
      assert.equal(hook.status, 201, hook.text);
      for (const instance of cluster.instances) streams.push(await SseStream.open(instance.url, { token }));
      assert.ok(streams.every((stream) => stream.status === 200));
      const before = await cluster.balancer.servers();
      const created: string[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await lb.post<{ doc: { id: string } }>('/api/products', { basic: { product_name: `Balanced ${i}` } }, token);
        assert.equal(res.status, 201, res.text);
        created.push(res.body.doc.id);
      }
      assert.deepEqual(await sentSince(cluster, before), [10, 10, 10], 'every instance wrote some of the products');
      const delivered = () => new Set(receiver.events().map((event) => (event.data as { id: string }).id));
      assert.ok(await until(() => created.every((id) => delivered().has(id)), 30_000), `delivered ${delivered().size} of 30`);
      // Each instance runs the delivery job; a second delivery of an event would come within moments.
      await new Promise((done) => setTimeout(done, 2_000));
      const ids = receiver.received.map((request) => request.headers['webhook-id']);
      assert.equal(ids.length, 30, 'one delivery per event');
      assert.equal(new Set(ids).size, 30);
      for (const stream of streams) {
        assert.ok(await until(() => created.every((id) => stream.events.some((event) => event.data.type === 'product.created' && event.data.data.id === id)), 10_000));
        const seen = stream.events.filter((event) => event.data.type === 'product.created').map((event) => event.data.id);
        assert.equal(new Set(seen).size, seen.length, 'no event twice on a stream');
      }
    } finally {
      for (const stream of streams) await stream.close();
      await receiver.close();
    }
  });
  it('a booking confirmed on one instance blocks requests and confirmations on the others; of racing confirmations one wins', async () => {
    const token = await login();
    const [one, two, three] = cluster.instances.map((instance) => new HttpClient(instance.url)) as [HttpClient, HttpClient, HttpClient];
    const created = await one.post('/api/products/balanced-tent', {
      basic: { product_name: 'Balanced tent', location: 'Brno' }, additional: { price: 100, time_unit: 'day' }, settings: { published: true },
    }, token);
    assert.equal(created.status, 201, created.text);
    const day = (n: number) => new Date(Date.now() + (400 + n) * 86_400_000).toISOString().slice(0, 10);
    const customer = { name: 'Jana Nováková', email: 'jana@example.cz' };
    const ask = async (client: HttpClient, from: string, to: string) => {
      const res = await client.post<{ doc: { id: string } }>('/api/bookings', { product: 'balanced-tent', from, to, customer });
      assert.equal(res.status, 201, res.text);
      return res.body.doc.id;
    };
    const confirm = (client: HttpClient, id: string) => client.post<{ status: string }>(`/api/bookings/${id}`, { action: 'confirm' }, token);
    const fieldsOf = (body: unknown) => (body as { errors: { field?: string }[] }).errors.map((error) => error.field);

    // Two open requests for the same days, made on different instances; the first confirmed on instance 1.
    const first = await ask(one, day(1), day(2));
    const second = await ask(two, day(1), day(2));
    assert.equal((await confirm(one, first)).status, 200);
    const late = await confirm(two, second);
    assert.equal(late.status, 409, late.text);
    assert.deepEqual(fieldsOf(late.body), ['from']);
    const refused = await three.post('/api/bookings', { product: 'balanced-tent', from: day(2), to: day(3), customer });
    assert.equal(refused.status, 409, refused.text);
    assert.deepEqual(fieldsOf(refused.body), ['from']);
    const calendar = await three.get<{ busy: { kind: string }[] }>(`/api/products/balanced-tent/availability?from=${day(1)}&to=${day(2)}`);
    assert.equal(calendar.status, 200, calendar.text);
    assert.deepEqual(calendar.body.busy.map((busy) => busy.kind), ['reserved']);

    // Three overlapping requests confirmed at once, each on its own instance: the databases' locks let one through.
    const racing = [await ask(one, day(10), day(11)), await ask(two, day(10), day(11)), await ask(three, day(11), day(12))];
    const statuses = await Promise.all([confirm(one, racing[0] as string), confirm(two, racing[1] as string), confirm(three, racing[2] as string)]);
    assert.deepEqual(statuses.map((res) => res.status).sort(), [200, 409, 409], statuses.map((res) => res.text).join('\n'));
    const product = await lb.get<{ availability: { reservationDates: { bookingId?: string }[] } }>('/api/products/balanced-tent?depth=0', token);
    const booked = product.body.availability.reservationDates.map((item) => item.bookingId);
    const winner = racing[statuses.findIndex((res) => res.status === 200)];
    assert.deepEqual(booked, [first, winner], 'one reservation per confirmed booking, none for the losers');
  });
});
