import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startProcess } from './helpers/process.js';

const run = promisify(execFile);

/** `npm run prepare`, which `npm ci` runs: one start of the service, to fill tsx's transform cache. */
describe('warming the start-up at install (scripts/warm-start.ts)', () => {
  const temporary = mkdtempSync(join(tmpdir(), 'rental-warm-test-'));
  after(() => rmSync(temporary, { recursive: true, force: true }));
  const warmStart = (env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/warm-start.ts'], { env: { ...process.env, TMPDIR: temporary, ...env } });

  it('leaves every module a start loads in the cache, and touches nothing the environment names', async () => {
    // Unreachable ones: warming that used them would fail, and say so.
    const warmed = await warmStart({ DATABASE_URL: 'postgres://127.0.0.1:1/unreachable', REDIS_URL: 'redis://127.0.0.1:1', RENTAL_CONFIG: '' });
    assert.equal(warmed.stderr, '');
    const cache = readdirSync(temporary).find((name) => name.startsWith('tsx-'));
    assert.ok(cache, 'tsx cached its transforms');
    assert.deepEqual(readdirSync(temporary).filter((name) => name.startsWith('rental-warm-')), [], 'its database is gone');
    const cached = readdirSync(join(temporary, cache)).length;

    const dataDir = mkdtempSync(join(temporary, 'data-'));
    const service = await startProcess({ TMPDIR: temporary, DATA_DIR: dataDir, DATABASE_URL: '', RENTAL_CONFIG: resolve('rental.config.ts') });
    service.child.kill('SIGTERM');
    await service.exited;
    assert.equal(readdirSync(join(temporary, cache)).length, cached, 'a start after it transforms nothing new');
  });

  it('never fails an install: a service that cannot start is reported and skipped', async () => {
    const warmed = await warmStart({ RENTAL_CONFIG: resolve('test/fixtures/configs/invalid.ts') });
    assert.match(warmed.stderr, /Warming the start-up did not complete \(optional\): .*Invalid configuration/);
  });
});
