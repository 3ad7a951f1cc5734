import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { CLI_ARGS } from '../../scripts/start-command.js';
import { startProcess, type ServiceProcess } from '../helpers/process.js';

const run = promisify(execFile);
const splitFolder = resolve('test/fixtures/configs/split');
const SPLIT_FILES = ['rental.config.ts', 'rules.ts'];

/** Makes a folder that the process cannot create files in, even as root (immutable); `undo` gives it back. */
async function makeReadOnly(folder: string): Promise<{ undo: () => Promise<void> }> {
  if (process.getuid?.() === 0) {
    await run('chattr', ['+i', folder]);
    return { undo: async () => void (await run('chattr', ['-i', folder])) };
  }
  chmodSync(folder, 0o555);
  return { undo: async () => chmodSync(folder, 0o755) };
}

/**
 * `npm start` runs the compiled service, with no TypeScript loader; a `.ts` configuration is
 * compiled as it starts (src/config/import-config.ts). Started here as `npm start` starts it,
 * with its configuration in a folder the service may write to and in one it may not (a
 * read-only image); configuration.test.ts has the one that does not compile.
 */
const FOLDERS = {
  // Inside the package, as a project's configuration is: Node resolves `rental-catalogue-service` to it.
  'writable folder': () => splitFolder,
  'read-only folder': () => mkdtempSync(join(dirname(splitFolder), '.read-only-')),
  // RENTAL_CONFIG=/etc/rental/…: from there Node finds no `rental-catalogue-service`; the loader maps it.
  'folder outside the project': () => mkdtempSync(join(tmpdir(), 'rental-outside-config-')),
};

for (const [where, makeFolder] of Object.entries(FOLDERS)) {
  const readOnly = where === 'read-only folder';
  describe(`a TypeScript configuration, loaded by the compiled service (${where})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rental-ts-config-'));
    const folder = makeFolder();
    let undoReadOnly = async () => {};
    let service: ServiceProcess;

    before(async () => {
      if (folder !== splitFolder) for (const file of SPLIT_FILES) copyFileSync(join(splitFolder, file), join(folder, file));
      if (readOnly) {
        undoReadOnly = (await makeReadOnly(folder)).undo;
        assert.throws(() => writeFileSync(join(folder, 'probe'), ''), /EPERM|EACCES|EROFS/, 'the folder cannot be written');
      }
      const env = { DATA_DIR: dataDir, DATABASE_URL: `file:${dataDir}/rental.db`, RENTAL_CONFIG: join(folder, 'rental.config.ts') };
      await run(process.execPath, [...CLI_ARGS, 'users:create', '--email', 'owner@example.com', '--password', 'password-1', '--name', 'Owner'], { env: { ...process.env, ...env } });
      service = await startProcess(env);
    });
    after(async () => {
      service?.child.kill('SIGTERM');
      await service?.exited;
      await undoReadOnly();
      if (folder !== splitFolder) rmSync(folder, { recursive: true, force: true });
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
      assert.deepEqual(await refused.json(), { errors: [{ message: 'The name Reserved Brand is taken by the brand.', field: 'basic.product_name', code: 'UNPROCESSABLE' }] });
      const created = await create('Drill');
      assert.equal(created.status, 201);
      const { doc } = (await created.json()) as { doc: { internal_name?: string } };
      assert.equal(doc.internal_name, basename(folder), "the hook's import.meta.url is the configuration's own");
    });

    it('leaves no compiled file beside the configuration', () => {
      assert.deepEqual(readdirSync(folder).sort(), SPLIT_FILES);
    });
  });
}

describe('a JavaScript configuration outside the project that imports the package', () => {
  it('starts with it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rental-outside-mjs-'));
    const config = join(folder, 'rental.config.mjs');
    writeFileSync(config, "import { defineConfig } from 'rental-catalogue-service';\nexport default defineConfig({ products: { maxLimit: 5 } });\n");
    const service = await startProcess({ DATA_DIR: folder, DATABASE_URL: `file:${folder}/rental.db`, RENTAL_CONFIG: config });
    try {
      assert.equal((await fetch(`${service.url}/api/products?limit=5`)).status, 200);
      assert.equal((await fetch(`${service.url}/api/products?limit=6`)).status, 400, 'maxLimit from the configuration');
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
