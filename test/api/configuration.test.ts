import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { NODE_FLAGS, START_SCRIPT } from '../../scripts/start-command.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { events } from '../fixtures/configs/hooks.js';

type Product = Record<string, any>;
const fixture = (name: string) => resolve('test/fixtures/configs', name);
const run = promisify(execFile);

describe('configuration files', () => {
  const start = async (configFile: string) => {
    try {
      await run(process.execPath, [...NODE_FLAGS, START_SCRIPT], { env: { ...process.env, RENTAL_CONFIG: configFile, PORT: '0', DATA_DIR: resolve('data/test-invalid-config') }, timeout: 20_000 });
      return { code: 0, stderr: '' };
    } catch (error) {
      return error as { code: number; stderr: string };
    }
  };

  it('an invalid value stops start-up with a message naming the key', async () => {
    const result = await start(fixture('invalid.ts'));
    assert.equal(result.code, 1);
    assert.match(result.stderr, /`products\.maxLimit`/);
  });

  it('an unknown key stops start-up naming it', async () => {
    const result = await start(fixture('typo.ts'));
    assert.equal(result.code, 1);
    assert.match(result.stderr, /`auth\.tokenExpiraton` is not a configuration key/);
  });

  it('a TypeScript configuration that does not compile stops start-up, naming the file and the line', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rental-broken-config-'));
    const broken = join(folder, 'broken.ts');
    writeFileSync(broken, "import { defineConfig } from 'rental-catalogue-service';\n\nexport default defineConfig({ products: { maxLimit: 5 } ;\n");
    try {
      const result = await start(broken);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /Cannot compile the configuration .*broken\.ts: .*broken\.ts:3:\d+: ERROR: Expected "\}" but found ";"/s);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a missing file named by RENTAL_CONFIG stops start-up', async () => {
    const result = await start(fixture('missing.ts'));
    assert.equal(result.code, 1);
    assert.match(result.stderr, /RENTAL_CONFIG/);
  });
});

for (const dialect of dialects) {
  describe(`restrictive configuration (${dialect})`, () => {
    let server: TestServer;
    let admin: { id: string; token: string };
    let owner: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect, () => {}, { configFile: fixture('restrictive.ts') });
      admin = await server.signUp({ admin: true });
      owner = await server.signUp();
    });
    after(() => server.close());

    it('anonymous reads are 401; filtered reads hide what the rule hides (404)', async () => {
      const create = await server.http.post('/api/products/r1', { basic: { product_name: 'X', rent_owner: owner.id }, additional: { time_unit: 'night' } }, admin.token);
      assert.equal(create.status, 201, create.text);
      await server.http.post('/api/products/r2', { basic: { product_name: 'Y', location: 'Secret' } }, admin.token);
      assert.equal((await server.http.get('/api/products')).status, 401);
      assert.equal((await server.http.get('/api/products/r1')).status, 401);
      assert.equal((await server.http.get('/api/products/count')).status, 401);
      const list = await server.http.get<{ docs: Product[]; totalDocs: number }>('/api/products', owner.token);
      assert.deepEqual(list.body.docs.map((d) => d.id), ['r1']);
      assert.equal((await server.http.get('/api/products/r2', owner.token)).status, 404);
      assert.equal((await server.http.get<{ totalDocs: number }>('/api/products/count', admin.token)).body.totalDocs, 1, 'the rule applies to admins too');
    });

    it('writes follow the configured rules: 403 for signed-in callers refused', async () => {
      assert.equal((await server.http.post('/api/products/r3', { basic: { product_name: 'X' } }, owner.token)).status, 403);
      assert.equal((await server.http.patch('/api/products/r1', { basic: { location: 'Z' } }, owner.token)).status, 403);
      assert.equal((await server.http.delete('/api/products/r1', admin.token)).status, 403);
      assert.equal((await server.http.patch('/api/products/r1', { basic: { location: 'Z' } })).status, 401);
    });

    it('a per-action rule lets the owner publish but not unpublish', async () => {
      const publish = await server.http.post<Product>('/api/products/r1?action=publish', undefined, owner.token);
      assert.equal(publish.status, 200, publish.text);
      assert.equal(publish.body.settings.published, true);
      assert.equal((await server.http.post('/api/products/r1', { action: 'unpublish' }, owner.token)).status, 403);
    });

    it('POST /api/products is 405 when create-without-id is off; maxLimit and timeUnits apply', async () => {
      const res = await server.http.post('/api/products', { basic: { product_name: 'X' } }, admin.token);
      assert.equal(res.status, 405);
      assert.equal(res.headers.get('allow'), 'GET, HEAD, PATCH, DELETE');
      assert.equal((await server.http.get('/api/products?limit=6', owner.token)).status, 400);
      assert.equal((await server.http.get('/api/products?limit=5', owner.token)).status, 200);
      const unit = await server.http.post('/api/products/r4', { basic: { product_name: 'X' }, additional: { time_unit: 'day' } }, admin.token);
      assert.equal(unit.status, 400);
      assert.deepEqual(errorFields(unit.body), ['additional.time_unit']);
    });
  });

  describe(`hooks configuration (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect, () => {}, { configFile: fixture('hooks.ts') });
      owner = await server.signUp();
    });
    after(() => server.close());

    it('hooks change data before validation and before the change, and afterRead changes output', async () => {
      const res = await server.http.post<Product>('/api/products/h1', { basic: { product_name: '  Padded  ' } }, owner.token);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.basic.product_name, 'Padded');
      assert.equal(res.body.internal_name, 'create:Padded');
      assert.deepEqual(res.body.seo, { stamped: true });
      assert.equal(res.body.readAt, 'hooked');
      const list = await server.http.get<{ docs: Product[] }>('/api/products', owner.token);
      assert.equal(list.body.docs[0]?.readAt, 'hooked');
      const patched = await server.http.patch<{ doc: Product }>('/api/products/h1', { basic: { location: 'Brno' } }, owner.token);
      assert.equal(patched.body.doc.internal_name, 'update:Padded');
      assert.ok(events.includes('afterChange:create:h1'));
      assert.ok(events.includes('afterChange:update:h1'));
    });

    it('an APIError or a status-carrying error becomes that response; nothing is stored', async () => {
      const rejected = await server.http.post('/api/products/h2', { basic: { product_name: 'Forbidden drill' } }, owner.token);
      assert.equal(rejected.status, 422);
      assert.deepEqual(errorFields(rejected.body), ['basic.product_name']);
      const status = await server.http.post('/api/products/h2', { basic: { product_name: 'X', location: 'Atlantis' } }, owner.token);
      assert.equal(status.status, 400);
      assert.deepEqual(errorFields(status.body), ['basic.location']);
      assert.equal((await server.http.get('/api/products/h2', owner.token)).status, 404);
      const update = await server.http.patch('/api/products/h1', { basic: { product_name: 'forbidden now' } }, owner.token);
      assert.equal(update.status, 422);
      assert.equal((await server.http.get<Product>('/api/products/h1', owner.token)).body.basic.product_name, 'Padded');
    });

    it('any other error is a 500 and changes nothing', async () => {
      const res = await server.http.patch('/api/products/h1', { basic: { location: 'Crash' } }, owner.token);
      assert.equal(res.status, 500);
      assert.doesNotMatch(res.text, /places is down/);
      assert.equal((await server.http.get<Product>('/api/products/h1', owner.token)).body.basic.location, 'Brno');
    });

    it('beforeDelete can refuse; afterDelete runs after a delete', async () => {
      await server.http.post('/api/products/h1?action=publish', undefined, owner.token);
      const refused = await server.http.delete('/api/products/h1', owner.token);
      assert.equal(refused.status, 409);
      assert.equal((await server.http.get('/api/products/h1', owner.token)).status, 200);
      await server.http.post('/api/products/h1?action=unpublish', undefined, owner.token);
      assert.equal((await server.http.delete('/api/products/h1', owner.token)).status, 200);
      assert.ok(events.includes('afterDelete:h1'));
    });

    it('afterLogin and afterLogout run', async () => {
      const account = await server.signUp();
      assert.ok(events.includes(`afterLogin:${account.id}`));
      await server.http.post('/api/rents/logout', undefined, account.token);
      assert.ok(events.includes(`afterLogout:${account.id}`));
    });
  });

  describe(`upsert and custom actions configuration (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect, () => {}, { configFile: fixture('upsert-actions.mjs') });
      owner = await server.signUp();
      other = await server.signUp();
    });
    after(() => server.close());

    it('upsert replaces an existing id with 200', async () => {
      const first = await server.http.post<Product>('/api/products/u1', { basic: { product_name: 'First', location: 'Brno' }, settings: { published: true } }, owner.token);
      assert.equal(first.status, 201);
      const second = await server.http.post<Product>('/api/products/u1', { basic: { product_name: 'Second' }, settings: { published: true } }, owner.token);
      assert.equal(second.status, 200, second.text);
      assert.equal(second.body.basic.product_name, 'Second');
      assert.equal(second.body.basic.location, undefined, 'replaced, not merged');
      assert.equal(second.body.createdAt, first.body.createdAt);
      assert.equal((await server.http.post('/api/products/u1', { basic: { product_name: 'Third' } }, other.token)).status, 403, 'replacing needs update rights');
    });

    it('a custom action runs its handler under its own access', async () => {
      await server.http.post('/api/products/u1?action=publish', undefined, owner.token);
      const archived = await server.http.post<Product>('/api/products/u1', { action: 'archive', reason: 'old' }, other.token);
      assert.equal(archived.status, 200, archived.text);
      assert.equal(archived.body.settings.published, false);
      assert.deepEqual(archived.body.legacy, { archived: true, reason: 'old' });
      assert.equal((await server.http.post('/api/products/u1?action=archive')).status, 401);
      const touched = await server.http.post<Product>('/api/products/u1?action=touch', undefined, owner.token);
      assert.equal(touched.status, 200);
      await server.http.post('/api/products/u1?action=publish', undefined, owner.token);
      assert.equal((await server.http.post('/api/products/u1?action=touch', undefined, other.token)).status, 403, 'default action access is update');
      const unknown = await server.http.post('/api/products/u1', { action: 'explode' }, owner.token);
      assert.equal(unknown.status, 400);
      assert.deepEqual(errorFields(unknown.body), ['action']);
      assert.equal((await server.http.post('/api/products/missing?action=archive', undefined, owner.token)).status, 404);
    });

    it('the login limit answers 429 with Retry-After in the error shape', async () => {
      // The limit is 3 logins a minute per address; the two sign-ups above used two of them.
      const first = await server.http.post('/api/rents/login', { email: 'x@example.com', password: 'wrong password' });
      assert.equal(first.status, 401);
      const limited = await server.http.post('/api/rents/login', { email: 'x@example.com', password: 'wrong password' });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      errorFields(limited.body);
      assert.equal((await server.http.get('/api/products')).status, 200, 'other routes keep their own, larger limit');
    });

    it('forgot-password and reset-password have the login limit, each counted apart from logins', async () => {
      // The logins above used up this address's three; each of these routes has three of its own.
      for (const [path, body] of [['/api/rents/forgot-password', { email: 'x@example.com' }], ['/api/rents/reset-password', { token: 'nope', password: 'long enough' }]] as const) {
        for (let i = 0; i < 3; i++) assert.notEqual((await server.http.post(path, body)).status, 429, `${path} #${i + 1}`);
        const limited = await server.http.post(path, body);
        assert.equal(limited.status, 429, path);
        assert.ok(Number(limited.headers.get('retry-after')) > 0);
        errorFields(limited.body);
      }
    });
  });
}
