import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { defaultConfig } from '../../src/config/defaults.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage } from '../../src/storage/storage.js';
import { startProcess, type ServiceProcess } from '../helpers/process.js';
import { Receiver } from '../helpers/receiver.js';
import { createPostgresDatabase, dialects, startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const json = (token?: string) => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });

for (const dialect of dialects) {
  describe(`webhook deliveries survive a SIGKILL of the service (${dialect})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rental-crash-'));
    let drop = async () => {};
    let env: Record<string, string>;
    let receiver: Receiver;
    const running: ServiceProcess[] = [];

    before(async () => {
      let url = `file:${dataDir}/rental.db`;
      if (dialect === 'postgres') ({ url, drop } = await createPostgresDatabase());
      env = { DATABASE_URL: url, DATA_DIR: dataDir, RENTAL_SECRET: 'crash-secret-crash-secret-crash-secret-00', RENTAL_CONFIG: resolve('test/fixtures/configs/webhooks-private.ts') };
      const storage = await openStorage(url, dataDir);
      await createAccount({ config: defaultConfig(), storage }, 'system', { email: 'crash@example.com', password: 'crash password', rentNameSystem: 'Crash' });
      await storage.close();
      receiver = await Receiver.start(() => 'hang');
    });
    after(async () => {
      for (const service of running) {
        service.child.kill('SIGKILL');
        await service.exited;
      }
      await receiver.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('delivers after a restart what was committed before the kill, whether its delivery was under way or not begun', async () => {
      const first = await startProcess(env);
      running.push(first);
      const login = await fetch(`${first.url}/api/rents/login`, { method: 'POST', headers: json(), body: JSON.stringify({ email: 'crash@example.com', password: 'crash password' }) });
      const { token } = (await login.json()) as { token: string };
      const hook = await fetch(`${first.url}/api/webhooks`, { method: 'POST', headers: json(token), body: JSON.stringify({ url: `${receiver.url}/hook`, events: ['product.created'] }) });
      const { secret } = (await hook.json()) as { secret: string };
      const create = (name: string) => fetch(`${first.url}/api/products`, { method: 'POST', headers: json(token), body: JSON.stringify({ basic: { product_name: name } }) });
      assert.equal((await create('Během doručování')).status, 201);
      // The receiver holds the first delivery open: the service is killed mid-delivery.
      assert.ok(await until(() => receiver.received.length === 1, 10_000), 'the first delivery reached the receiver');
      // And one more change, killed right after its commit was acknowledged.
      assert.equal((await create('Těsně před pádem')).status, 201);
      first.child.kill('SIGKILL');
      await first.exited;
      const hung = receiver.received.slice();
      receiver.answer = () => 200;

      const second = await startProcess(env);
      running.push(second);
      // The killed instance's claim runs out (15 s), then the delivery is made again.
      const delivered = () => new Set(receiver.received.slice(hung.length).map((request) => JSON.parse(request.body).data.basic.product_name));
      assert.ok(await until(() => delivered().has('Během doručování') && delivered().has('Těsně před pádem'), 40_000, 200), `delivered after the restart: ${[...delivered()].join(', ')}`);
      for (const request of receiver.received) new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
      const again = receiver.received.slice(hung.length).find((request) => request.headers['webhook-id'] === hung[0]?.headers['webhook-id']);
      assert.equal(again?.body, hung[0]?.body, 'the same message, the same body');
    });
  });
}

describe('two instances on one PostgreSQL database deliver each event to each webhook once', { skip: !process.env.TEST_POSTGRES_URL && 'TEST_POSTGRES_URL is not set' }, () => {
  let first: TestServer;
  let second: TestServer;
  let receiver: Receiver;

  before(async () => {
    const allow = (config: { webhooks: { allowPrivateAddresses: boolean } }) => (config.webhooks.allowPrivateAddresses = true);
    first = await startServer('postgres', allow);
    second = await startServer('postgres', allow, { databaseUrl: first.databaseUrl });
    // A receiver that takes a moment, so that both instances have deliveries in flight at once.
    receiver = await Receiver.start();
    receiver.answer = () => ({ status: 200 });
  });
  after(async () => {
    await second.close();
    await first.close();
    await receiver.close();
  });

  it('each event reaches each webhook exactly once, though both instances are woken by every event', async () => {
    const owner = await first.signUp();
    const other = await first.signUp({ admin: true });
    const hooks = [
      (await first.http.post<{ doc: { id: string } }>('/api/webhooks', { url: `${receiver.url}/a`, events: ['*'] }, owner.token)).body.doc.id,
      (await second.http.post<{ doc: { id: string } }>('/api/webhooks', { url: `${receiver.url}/b`, events: ['product.created'], scope: 'all' }, other.token)).body.doc.id,
    ];
    assert.equal(hooks.length, 2);
    const total = 80;
    await Promise.all(Array.from({ length: total }, (_, i) => (i % 2 ? first : second).http.post('/api/products', { basic: { product_name: `Dvojí ${i}` } }, owner.token)));
    assert.ok(await until(() => receiver.received.filter((r) => r.path === '/a').length >= total && receiver.received.filter((r) => r.path === '/b').length >= total, 30_000));
    // Both instances keep looking for a while: nothing arrives twice.
    await new Promise((done) => setTimeout(done, 2_000));
    for (const path of ['/a', '/b']) {
      const ids = receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body).id as number);
      assert.equal(ids.length, total, `${path}: ${ids.length} deliveries of ${total} events`);
      assert.equal(new Set(ids).size, total, `${path}: no event twice`);
    }
  });
});
