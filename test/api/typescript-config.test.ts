import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { CLI_ARGS } from '../../scripts/start-command.js';
import { startProcess, type ServiceProcess } from '../helpers/process.js';

const run = promisify(execFile);
const splitConfig = resolve('test/fixtures/configs/split/rental.config.ts');

/**
 * `npm start` runs the compiled service, with no TypeScript loader; a `.ts` configuration is
 * compiled as it starts (src/config/import-config.ts). Started here as `npm start` starts it;
 * configuration.test.ts has the one that does not compile.
 */
describe('a TypeScript configuration, loaded by the compiled service', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-ts-config-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: `file:${dataDir}/rental.db`, RENTAL_CONFIG: splitConfig };
  let service: ServiceProcess;

  before(async () => {
    await run(process.execPath, [...CLI_ARGS, 'users:create', '--email', 'owner@example.com', '--password', 'password-1', '--name', 'Owner'], { env: { ...process.env, ...env } });
    service = await startProcess(env);
  });
  after(async () => {
    service.child.kill('SIGTERM');
    await service.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies a configuration that imports another TypeScript file and the package', async () => {
    assert.equal((await fetch(`${service.url}/api/products?limit=7`)).status, 200);
    const tooMany = await fetch(`${service.url}/api/products?limit=8`);
    assert.equal(tooMany.status, 400, 'maxLimit from the imported file');
    assert.deepEqual(((await tooMany.json()) as { errors: { field?: string }[] }).errors.map((error) => error.field), ['limit']);

    const login = await fetch(`${service.url}/api/rents/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@example.com', password: 'password-1' }) });
    const { token } = (await login.json()) as { token: string };
    const create = (name: string) =>
      fetch(`${service.url}/api/products`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ basic: { product_name: name } }) });
    const refused = await create('Reserved Brand');
    assert.equal(refused.status, 422, "the hook's APIError, imported from the package");
    assert.deepEqual(await refused.json(), { errors: [{ message: 'The name Reserved Brand is taken by the brand.', field: 'basic.product_name' }] });
    assert.equal((await create('Drill')).status, 201);
  });

  it('leaves no compiled file beside the configuration', () => {
    assert.deepEqual(readdirSync(dirname(splitConfig)).sort(), ['rental.config.ts', 'rules.ts']);
  });
});
