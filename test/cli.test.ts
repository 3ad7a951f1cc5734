import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { openStorage } from '../src/storage/storage.js';
import { verifyPassword } from '../src/auth/passwords.js';
import { CLI_ARGS } from '../scripts/start-command.js';

const run = promisify(execFile);

describe('npm run rental -- users:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-cli-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const cli = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [...CLI_ARGS, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('creates an account with an argon2id hash, and an admin with --admin', async () => {
    const created = await cli('users:create', '--email', 'Eva@Example.com', '--password', 'secret password', '--name', 'Evina půjčovna');
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /Created account [0-9a-f]{24}/);
    assert.ok(!created.stdout.includes('secret password'));
    const admin = await cli('users:create', '--email', 'admin@example.com', '--password', 'admin password', '--name', 'Admin', '--admin');
    assert.equal(admin.code, 0, admin.stderr);
    const storage = await openStorage(`file:${dataDir}/rental.db`, dataDir);
    try {
      const eva = await storage.rents.getByEmail('eva@example.com');
      assert.ok(eva);
      assert.match(eva.password_hash, /^\$argon2id\$/);
      assert.ok(await verifyPassword(eva.password_hash, 'secret password'));
      assert.deepEqual(JSON.parse(eva.roles), []);
      assert.deepEqual(JSON.parse((await storage.rents.getByEmail('admin@example.com'))?.roles ?? 'null'), ['admin']);
    } finally {
      await storage.close();
    }
  });

  it('explains a duplicate e-mail, a short password, a malformed e-mail and missing options', async () => {
    const duplicate = await cli('users:create', '--email', 'EVA@example.com', '--password', 'another password', '--name', 'X');
    assert.notEqual(duplicate.code, 0);
    assert.match(duplicate.stderr, /email.*already exists/i);
    const short = await cli('users:create', '--email', 'short@example.com', '--password', 'short', '--name', 'X');
    assert.notEqual(short.code, 0);
    assert.match(short.stderr, /password.*at least 8/i);
    const malformed = await cli('users:create', '--email', 'not-an-email', '--password', 'long enough', '--name', 'X');
    assert.notEqual(malformed.code, 0);
    assert.match(malformed.stderr, /email/i);
    const missing = await cli('users:create', '--email', 'x@example.com');
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /--password, --name/);
  });

  it('users:set-password sets the password, lifts a lockout, ends every session and voids a pending reset', async () => {
    const now = Date.now();
    let storage = await openStorage(`file:${dataDir}/rental.db`, dataDir);
    let evaId: string;
    try {
      const eva = await storage.rents.getByEmail('eva@example.com');
      assert.ok(eva);
      evaId = eva.id;
      await storage.rents.recordFailure(evaId, 1, now + 600_000);
      await storage.sessions.create({ id: 'cli-session', rentId: evaId, expiresAt: now + 600_000 });
      await storage.passwordResets.store(evaId, 'f'.repeat(64), now, now + 600_000, now);
    } finally {
      await storage.close();
    }
    const set = await cli('users:set-password', '--email', ' EVA@example.com', '--password', 'a brand new password');
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stdout, new RegExp(`Set the password of account ${evaId}`));
    assert.ok(!set.stdout.includes('a brand new password'));
    storage = await openStorage(`file:${dataDir}/rental.db`, dataDir);
    try {
      const eva = await storage.rents.get(evaId);
      assert.ok(eva && (await verifyPassword(eva.password_hash, 'a brand new password')));
      assert.equal(eva.failed_logins, 0);
      assert.equal(eva.locked_until, null);
      assert.equal(await storage.sessions.active('cli-session', evaId, Date.now()), undefined, 'the session is over');
      assert.equal(await storage.passwordResets.redeem('f'.repeat(64), Date.now(), eva.password_hash), undefined, 'the reset token is void');
    } finally {
      await storage.close();
    }

    const unknown = await cli('users:set-password', '--email', 'nobody@example.com', '--password', 'long enough');
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /no account has the e-mail nobody@example\.com/i);
    const short = await cli('users:set-password', '--email', 'eva@example.com', '--password', 'short');
    assert.notEqual(short.code, 0);
    assert.match(short.stderr, /password.*at least 8/i);
    assert.match((await cli('users:set-password', '--email', 'eva@example.com')).stderr, /Missing --password/);
  });
});
