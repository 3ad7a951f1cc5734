import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultConfig } from '../../src/config/defaults.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage } from '../../src/storage/storage.js';
import { startProcess, type ServiceProcess } from '../helpers/process.js';
import { createPostgresDatabase } from '../helpers/server.js';

/** Two service processes on one PostgreSQL database, started together. */
describe('several instances on one PostgreSQL database', { skip: !process.env.TEST_POSTGRES_URL && 'TEST_POSTGRES_URL is not set' }, () => {
  const dataDirs = [mkdtempSync(join(tmpdir(), 'rental-a-')), mkdtempSync(join(tmpdir(), 'rental-b-'))];
  let drop = async () => {};
  let a: ServiceProcess;
  let b: ServiceProcess;
  const email = 'shared@example.com';
  const password = 'shared password';

  const json = (token?: string) => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });
  const login = async (service: ServiceProcess, body = { email, password }) =>
    fetch(`${service.url}/api/rents/login`, { method: 'POST', headers: json(), body: JSON.stringify(body) });

  before(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const env = (dataDir: string) => ({ DATABASE_URL: database.url, DATA_DIR: dataDir, RENTAL_SECRET: 'shared-secret-shared-secret-shared-secret' });
    // Both start at once: the migrations must run exactly once between them.
    [a, b] = await Promise.all([startProcess(env(dataDirs[0] as string)), startProcess(env(dataDirs[1] as string))]);
    const storage = await openStorage(database.url, dataDirs[0] as string);
    await createAccount({ config: defaultConfig(), storage }, 'system', { email, password, rentNameSystem: 'Shared' });
    await storage.close();
  });
  after(async () => {
    for (const service of [a, b]) {
      service?.child.kill('SIGTERM');
      await service?.exited;
    }
    await drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('sessions hold across instances: a token from one works on the other, a logout on one kills it on both', async () => {
    const { token } = (await (await login(a)).json()) as { token: string };
    const me = (await (await fetch(`${b.url}/api/rents/me`, { headers: json(token) })).json()) as { user: { email: string } | null };
    assert.equal(me.user?.email, email);
    assert.equal((await fetch(`${b.url}/api/rents/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status, 200);
    const after = (await (await fetch(`${a.url}/api/rents/me`, { headers: json(token) })).json()) as { user: unknown };
    assert.equal(after.user, null);
  });

  it('an update on one instance is what the other serves next', async () => {
    const { token } = (await (await login(a)).json()) as { token: string };
    assert.equal((await fetch(`${a.url}/api/products/shared-1`, { method: 'POST', headers: json(token), body: JSON.stringify({ basic: { product_name: 'Sdílená' }, additional: { price: 1 }, settings: { published: true } }) })).status, 201);
    type Priced = { additional: { price: number } };
    const byId = async () => ((await (await fetch(`${b.url}/api/products/shared-1`)).json()) as Priced).additional.price;
    const listed = async () => ((await (await fetch(`${b.url}/api/products?where[id][equals]=shared-1`)).json()) as { docs: Priced[] }).docs[0]?.additional.price;
    const read = async () => `${await byId()} ${await listed()}`;
    assert.equal(await read(), '1 1');
    assert.equal(await read(), '1 1', 'asked again, from the caches');
    assert.equal((await fetch(`${a.url}/api/products/shared-1`, { method: 'PATCH', headers: json(token), body: JSON.stringify({ additional: { price: 2 } }) })).status, 200);
    // The other instance's caches empty on the database's notification, milliseconds later.
    let price = await read();
    for (let i = 0; i < 50 && price !== '2 2'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      price = await read();
    }
    assert.equal(price, '2 2');

    // The notification names the product: the other instance forgets it, and only it, on a delete too.
    assert.equal((await fetch(`${a.url}/api/products/shared-1`, { method: 'DELETE', headers: json(token) })).status, 200);
    let status = (await fetch(`${b.url}/api/products/shared-1`)).status;
    for (let i = 0; i < 50 && status !== 404; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await fetch(`${b.url}/api/products/shared-1`)).status;
    }
    assert.equal(status, 404);
  });

  it('uniqueness and reservations hold across instances', async () => {
    const { token } = (await (await login(a)).json()) as { token: string };
    const creates = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${(i % 2 ? a : b).url}/api/products/both`, { method: 'POST', headers: json(token), body: JSON.stringify({ basic: { product_name: 'Both' } }) })),
    );
    assert.equal(creates.filter((res) => res.status === 201).length, 1);
    assert.equal(creates.filter((res) => res.status === 409).length, 19);
    const reservations = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${(i % 2 ? a : b).url}/api/products/both`, { method: 'POST', headers: json(token), body: JSON.stringify({ action: 'reserve', from: '2027-09-01', to: '2027-09-03' }) })),
    );
    assert.equal(reservations.filter((res) => res.status === 200).length, 1);
    assert.equal(reservations.filter((res) => res.status === 409).length, 19);
  });

  it('a lockout counts failures from every instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(i % 2 ? a : b, { email, password: 'wrong password' })).status);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401]);
    assert.equal((await login(a)).status, 429);
    assert.equal((await login(b)).status, 429);
  });
});
