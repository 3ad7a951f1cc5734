import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { startProcess, type ServiceProcess } from '../helpers/process.js';
import { until } from '../helpers/until.js';
import { CLI_ARGS } from '../../scripts/start-command.js';

const run = promisify(execFile);

/**
 * On SQLite, another process's writes to the same file reach the service's read caches: the
 * command line filling the catalogue while the service runs, and a second service on the file.
 */
describe('writes by other processes on one SQLite file', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const services: ServiceProcess[] = [];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'other-writers-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: `file:${join(dataDir, 'rental.db')}`, RENTAL_SECRET: 'other-writers-secret-other-writers-secret' };
    services.push(await startProcess(env));
  });
  after(async () => {
    for (const service of services) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const totalDocs = async (service: ServiceProcess) => ((await (await fetch(`${service.url}/api/products?limit=1`)).json()) as { totalDocs: number }).totalDocs;

  it('a catalogue that `npm run rental -- seed:demo` fills while the service runs is listed within a second', async () => {
    const [service] = services as [ServiceProcess];
    assert.equal(await totalDocs(service), 0, 'the empty list, now cached');
    await run(process.execPath, [...CLI_ARGS, 'seed:demo', '--products', '12'], { env: { ...process.env, ...env } });
    const db = new Database(join(dataDir, 'rental.db'), { readonly: true });
    const published = (db.prepare('SELECT count(*) AS n FROM products WHERE published = 1').get() as { n: number }).n;
    db.close();
    assert.ok(published > 0);
    await until(async () => (await totalDocs(service)) === published, 1000, 50);
    assert.equal(await totalDocs(service), published);
  });

  it('a logout on a second service on the file kills the token on the first at once (SPEC 4)', async () => {
    const [first] = services as [ServiceProcess];
    const second = await startProcess(env);
    services.push(second);
    const login = await fetch(`${first.url}/api/rents/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo1@example.com', password: 'demo-password' }),
    });
    assert.equal(login.status, 200);
    const { token } = (await login.json()) as { token: string };
    const me = async () => ((await (await fetch(`${first.url}/api/rents/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { user: unknown }).user !== null;
    assert.equal(await me(), true, 'signed in, and the session cached by the first');
    assert.equal((await fetch(`${second.url}/api/rents/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status, 200);
    // The very next request, before any poll could have seen the other process's commit.
    assert.equal(await me(), false);
    const write = await fetch(`${first.url}/api/products/after-logout`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ basic: { product_name: 'Po odhlášení' } }) });
    assert.equal(write.status, 401);
  });
});
