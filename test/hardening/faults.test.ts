import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { defaultConfig } from '../../src/config/defaults.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage } from '../../src/storage/storage.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { HttpClient, errorFields, type HttpResponse } from '../helpers/http.js';
import { startProcess, type ServiceProcess } from '../helpers/process.js';
import { createPostgresDatabase } from '../helpers/server.js';
import { until } from '../helpers/until.js';

/**
 * The service as `npm start` runs it, with PostgreSQL or Redis behind a proxy that fails the
 * way networks and servers fail: connections dropped under a request (a restart), or a
 * partition where nothing answers. The service must stay up, answer every request in the
 * contract's shape instead of holding it, and recover by itself once the dependency is back.
 */
const SECRET = 'faults-secret-faults-secret-faults-0123';
const PASSWORD = 'fault tolerant';
/** No request may wait longer than this, whatever the dependency does (a hang fails the test). */
const ANSWERED_WITHIN_MS = 8_000;

/** A request of these tests, which gives up (and so fails the test) after ANSWERED_WITHIN_MS. */
function call(service: ServiceProcess, method: string, path: string, token?: string, body?: unknown): Promise<HttpResponse> {
  return new HttpClient(service.url).request(method, path, { token, body, signal: AbortSignal.timeout(ANSWERED_WITHIN_MS) });
}

async function login(service: ServiceProcess, email: string): Promise<string> {
  const res = await call(service, 'POST', '/api/rents/login', undefined, { email, password: PASSWORD });
  assert.equal(res.status, 200, res.text);
  return (res.body as { token: string }).token;
}

/** Ends the services started so far at once, and waits for them to exit (an exited one is left as it is). */
async function killAll(...services: (ServiceProcess | undefined)[]): Promise<void> {
  for (const service of services) {
    service?.child.kill('SIGKILL');
    await service?.exited;
  }
}

/** A fault's answer: the contract's error shape, a generic message, nothing of the database inside. */
function assertFaultAnswer(res: HttpResponse, status: number): void {
  assert.equal(res.status, status, res.text);
  errorFields(res.body);
  assert.doesNotMatch(res.text, /postgres|select |insert |connection|ECONN|\.ts:\d/i);
}

/** A request the database could not serve: 503, and when to try again. */
function assertUnavailable(res: HttpResponse): void {
  assertFaultAnswer(res, 503);
  assert.equal(res.headers.get('retry-after'), '1');
}

const product = (name: string) => ({ basic: { product_name: name }, settings: { published: true } });

async function becomesReady(service: ServiceProcess): Promise<boolean> {
  return until(async () => (await call(service, 'GET', '/ready')).status === 200, 20_000, 100);
}

describe('PostgreSQL failing under the service', { skip: !process.env.TEST_POSTGRES_URL && 'TEST_POSTGRES_URL is not set' }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-faults-'));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: FaultProxy;
  let service: ServiceProcess;
  let other: ServiceProcess;
  let token: string;

  before(async () => {
    database = await createPostgresDatabase();
    const storage = await openStorage(database.url, dataDir);
    await createAccount({ config: defaultConfig(), storage }, 'system', { email: 'faults@example.com', password: PASSWORD, rentNameSystem: 'Faults' });
    await storage.close();
    proxy = await startFaultProxy(Number(new URL(database.url).port || 5432));
    const env = { DATA_DIR: dataDir, RENTAL_SECRET: SECRET, DATABASE_TIMEOUT_MS: '1500' };
    service = await startProcess({ ...env, DATABASE_URL: proxy.urlFor(database.url) });
    // A second instance on the same database, not behind the proxy.
    other = await startProcess({ ...env, DATABASE_URL: database.url });
    token = await login(service, 'faults@example.com');
  });

  after(async () => {
    await killAll(service, other);
    await proxy?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a connection lost under a request: a 503 with Retry-After, the service stays up, /ready says 503 until the database is back', async () => {
    proxy.blackHole();
    const pending = call(service, 'POST', '/api/products/lost-1', token, product('Lost'));
    await new Promise((done) => setTimeout(done, 300));
    proxy.cut(); // the connection the create waits on dies under it
    assertUnavailable(await pending);
    assert.equal(service.child.exitCode, null, 'the service process ended');
    assertFaultAnswer(await call(service, 'GET', '/ready'), 503);
    assertUnavailable(await call(service, 'POST', '/api/products/lost-2', token, product('Lost')));
    assert.equal((await call(service, 'GET', '/health')).status, 200);

    proxy.restore();
    assert.ok(await becomesReady(service), '/ready never came back');
    assert.equal((await call(service, 'POST', '/api/products/lost-3', token, product('Found'))).status, 201);
    assert.equal((await call(service, 'GET', '/api/products/lost-3')).status, 200);
    assert.equal((await call(other, 'GET', '/api/products/lost-1')).status, 404, 'the create that failed stored nothing');
  });

  it('a database that stops answering: /ready and requests give up after DATABASE_TIMEOUT_MS with a 503, and it recovers', async () => {
    proxy.blackHole();
    try {
      assertFaultAnswer(await call(service, 'GET', '/ready'), 503);
      assertUnavailable(await call(service, 'POST', '/api/products/silent-1', token, product('Silent')));
      assertUnavailable(await call(service, 'GET', '/api/products/never-stored'));
      // More requests than the pool has connections: none waits on one the partition holds.
      const many = await Promise.all(Array.from({ length: 12 }, (_, i) => call(service, 'GET', `/api/products/never-${i}`)));
      for (const res of many) assertUnavailable(res);
    } finally {
      proxy.restore();
    }
    assert.ok(await becomesReady(service), '/ready never came back');
    assert.equal((await call(service, 'POST', '/api/products/silent-2', token, product('Back'))).status, 201);
  });

  // A dropped connection errors at once; a silent one is found by the listener's heartbeat
  // (every 5 s, given DATABASE_TIMEOUT_MS to answer), so the change may take that long to arrive.
  for (const [fault, withinMs] of [['dropped', 5_000], ['silent', 15_000]] as const) {
    it(`another instance's writes reach this one's caches once its ${fault} notification connection is replaced`, async () => {
      const id = `shared-${fault}`;
      assert.equal((await call(other, 'POST', `/api/products/${id}`, token, product('Before'))).status, 201);
      if (fault === 'dropped') proxy.cut();
      else proxy.blackHole();
      // Long enough for several attempts to listen again to fail.
      await new Promise((done) => setTimeout(done, 2_500));
      proxy.restore();
      assert.ok(await becomesReady(service), '/ready never came back');
      const name = async () => ((await call(service, 'GET', `/api/products/${id}?depth=0`)).body as { basic: { product_name: string } }).basic.product_name;
      assert.equal(await name(), 'Before'); // now in this instance's cache
      assert.equal((await call(other, 'PATCH', `/api/products/${id}`, token, { basic: { product_name: 'After' } })).status, 200);
      assert.ok(await until(async () => (await name()) === 'After', withinMs, 50), 'this instance kept serving the product as it was before the other wrote it');
    });
  }
});

describe('Redis failing under the service', { skip: !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL is not set' }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-faults-'));
  const redisUrl = process.env.TEST_REDIS_URL as string;
  let proxy: FaultProxy;
  let service: ServiceProcess;
  const accounts: { id: string; token: string }[] = [];

  before(async () => {
    const storage = await openStorage(`file:${dataDir}/rental.db`, dataDir);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const profile = await createAccount({ config: defaultConfig(), storage }, 'system', { email: `limited${i}@example.com`, password: PASSWORD, rentNameSystem: `Limited ${i}` });
      ids.push(profile.id);
    }
    await storage.close();
    proxy = await startFaultProxy(Number(new URL(redisUrl).port || 6379));
    service = await startProcess({ DATA_DIR: dataDir, RENTAL_SECRET: SECRET, REDIS_URL: proxy.urlFor(redisUrl), RENTAL_CONFIG: resolve('test/fixtures/configs/tight-limits.ts') });
    for (const [i, id] of ids.entries()) accounts.push({ id, token: await login(service, `limited${i}@example.com`) });
  });

  after(async () => {
    await killAll(service);
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The fixture's limit is 8 a minute: eight answers, then a 429 with Retry-After, none held up. */
  async function limitHolds(token: string): Promise<void> {
    for (let i = 0; i < 8; i++) assert.equal((await call(service, 'GET', '/api/products', token)).status, 200, `request ${i + 1}`);
    const over = await call(service, 'GET', '/api/products', token);
    assert.equal(over.status, 429, over.text);
    assert.ok(Number(over.headers.get('retry-after')) > 0);
  }

  it('Redis gone or silent: requests are answered at once and the limits still hold, counted here until Redis answers again', async () => {
    const [first, second, third] = accounts as [(typeof accounts)[0], (typeof accounts)[0], (typeof accounts)[0]];
    proxy.cut();
    await limitHolds(first.token);

    proxy.restore();
    const redis = new Redis(redisUrl);
    try {
      const key = `rental-rate-limit:account:${second.id}`;
      const shared = await until(async () => {
        await call(service, 'GET', '/api/products', second.token);
        return (await redis.get(key)) !== null;
      }, 10_000, 100);
      assert.ok(shared, 'the counts never went back to Redis');
    } finally {
      redis.disconnect();
    }

    proxy.blackHole();
    try {
      await limitHolds(third.token);
    } finally {
      proxy.restore();
    }
  });
});

/** Mounts a small tmpfs at a new folder (root only); undefined where that is not possible here. */
function smallDisk(megabytes: number): { dir: string; unmount: () => void } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'rental-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes a file until the disk refuses more. */
function fillDisk(path: string): void {
  const chunk = Buffer.alloc(1024 * 1024);
  const fd = openSync(path, 'w');
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

describe('a full disk under the service (SQLite)', () => {
  const disk = smallDisk(32);
  let service: ServiceProcess;

  after(async () => {
    await killAll(service);
    disk?.unmount();
  });

  it('writes fail with a 500 and store nothing, reads go on, and writes work again once there is room; the file stays intact', { skip: !disk && 'cannot mount a small tmpfs here (needs root)' }, async () => {
    const dir = (disk as { dir: string }).dir;
    const storage = await openStorage(`file:${dir}/rental.db`, dir);
    await createAccount({ config: defaultConfig(), storage }, 'system', { email: 'full@example.com', password: PASSWORD, rentNameSystem: 'Full' });
    await storage.close();
    service = await startProcess({ DATA_DIR: dir, RENTAL_SECRET: SECRET, DATABASE_URL: `file:${dir}/rental.db` });
    const token = await login(service, 'full@example.com');
    const described = (name: string) => ({ ...product(name), basic: { product_name: name, product_desc: `${name} `.repeat(400) }, additional: { price: 10 } });
    for (const id of ['kept-1', 'kept-2']) assert.equal((await call(service, 'POST', `/api/products/${id}`, token, described(id))).status, 201);

    fillDisk(join(dir, 'filler'));
    // The write-ahead log may still have room that a checkpoint freed (it is reused, not grown),
    // and the checkpoint thread may free more at any moment, refusals or not: writes that fit
    // there are stored and answered 201. Every other write is refused with a 500 and stores
    // nothing. Writes go on until five have been refused (within 60).
    const fitted: string[] = [];
    let refused = 0;
    for (let i = 0; refused < 5 && i < 60; i++) {
      const id = `refused-${i}`;
      const answer = await call(service, 'POST', `/api/products/${id}`, token, described(id));
      if (answer.status === 201) fitted.push(id);
      else {
        assertFaultAnswer(answer, 500);
        refused++;
      }
    }
    assert.equal(refused, 5, `${fitted.length} writes stored on a full disk, ${refused} refused`);
    // An update of the row alone writes fewer pages than a create, and may still fit where the
    // creates did not: either it is stored and answered 200, or refused and changes nothing.
    const patched = await call(service, 'PATCH', '/api/products/kept-1', token, { additional: { price: 99 } });
    if (patched.status !== 200) assertFaultAnswer(patched, 500);
    const kept = await call(service, 'GET', '/api/products/kept-1?depth=0');
    assert.equal(kept.status, 200);
    assert.equal((kept.body as { additional: { price: number } }).additional.price, patched.status === 200 ? 99 : 10, 'the PATCH is stored whole or not at all');
    assert.equal((await call(service, 'GET', '/api/products/count')).text, `{"totalDocs":${2 + fitted.length}}`);

    rmSync(join(dir, 'filler'));
    assert.equal((await call(service, 'POST', '/api/products/after-1', token, described('after-1'))).status, 201);
    assert.equal((await call(service, 'PATCH', '/api/products/kept-1', token, { additional: { price: 99 } })).status, 200);

    service.child.kill('SIGTERM');
    assert.equal((await service.exited).code, 0);
    const file = new Database(join(dir, 'rental.db'), { readonly: true });
    try {
      assert.equal(file.pragma('integrity_check', { simple: true }), 'ok');
      const rows = file.prepare('SELECT id, doc FROM products ORDER BY id').all() as { id: string; doc: string }[];
      assert.deepEqual(rows.map((row) => row.id), ['after-1', 'kept-1', 'kept-2', ...fitted].sort());
      const keptRow = rows.find((row) => row.id === 'kept-1') as { doc: string };
      assert.equal((JSON.parse(keptRow.doc) as { additional: { price: number } }).additional.price, 99);
    } finally {
      file.close();
    }
  });
});

describe('another process holding the SQLite write lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-busy-'));
  let service: ServiceProcess;

  after(async () => {
    await killAll(service);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a write waits for it without holding up other requests; past the busy timeout it answers 503 with Retry-After and stores nothing', async () => {
    const storage = await openStorage(`file:${dir}/rental.db`, dir);
    await createAccount({ config: defaultConfig(), storage }, 'system', { email: 'busy@example.com', password: PASSWORD, rentNameSystem: 'Busy' });
    await storage.close();
    service = await startProcess({ DATA_DIR: dir, RENTAL_SECRET: SECRET, DATABASE_URL: `file:${dir}/rental.db` });
    const token = await login(service, 'busy@example.com');
    assert.equal((await call(service, 'POST', '/api/products/before', token, product('Before'))).status, 201);

    // What a long maintenance job in another process (an import, a migration) would hold.
    const other = new Database(join(dir, 'rental.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      let settled = false;
      const refused = call(service, 'POST', '/api/products/refused', token, product('Refused')).finally(() => (settled = true));
      await new Promise((done) => setTimeout(done, 500));
      // The waiting write holds up neither the event loop nor other requests, those that need
      // no database (a kept body) nor those that read it: they come while it still waits (a
      // blocked event loop, or reads queued behind the write, would answer them after it).
      for (const path of ['/health', '/api/products/before', '/api/products?where[basic.product_name][like]=before', '/api/products/count']) {
        assert.equal((await call(service, 'GET', path)).status, 200, path);
        assert.equal(settled, false, `${path} was answered only after the waiting write`);
      }
      assertUnavailable(await refused);
      assert.ok(Date.now() - started >= 5_000, 'the write waited the busy timeout first');

      // A lock let go within the timeout: the write that waited for it goes through.
      const waiting = call(service, 'POST', '/api/products/waited', token, product('Waited'));
      await new Promise((done) => setTimeout(done, 1_000));
      other.exec('ROLLBACK');
      assert.equal((await waiting).status, 201);
    } finally {
      other.close();
    }
    assert.equal((await call(service, 'POST', '/api/products/after', token, product('After'))).status, 201);
    assert.equal((await call(service, 'GET', '/api/products/refused')).status, 404, 'the refused create stored nothing');
    assert.equal((await call(service, 'GET', '/api/products/count')).text, '{"totalDocs":3}');
  });
});
