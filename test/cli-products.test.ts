import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { CLI_ARGS } from '../scripts/start-command.js';
import { databaseDigest } from './helpers/digest.js';
import { createPostgresDatabase, dialects } from './helpers/server.js';

const run = promisify(execFile);

for (const dialect of dialects) {
  describe(`npm run rental -- products:import / products:export (${dialect})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rental-cli-products-'));
    let databaseUrl = `file:${join(dataDir, 'rental.db')}`;
    let drop = async () => {};
    let ownerId = '';
    const file = (name: string, text: string) => {
      const path = join(dataDir, name);
      writeFileSync(path, text);
      return path;
    };

    const cli = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await run(process.execPath, [...CLI_ARGS, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, maxBuffer: 64 * 1024 * 1024 });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    };

    before(async () => {
      if (dialect === 'postgres') ({ url: databaseUrl, drop } = await createPostgresDatabase());
      const created = await cli('users:create', '--email', 'Pujcovna@example.com', '--password', 'long password', '--name', 'Půjčovna Brno');
      assert.equal(created.code, 0, created.stderr);
      ownerId = /Created account ([0-9a-f]{24})/.exec(created.stdout)?.[1] ?? '';
      assert.equal((await cli('users:create', '--email', 'jina@example.com', '--password', 'long password', '--name', 'Jiná')).code, 0);
    });
    after(async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('imports as the --owner account, reports each failed row and exits 1 when one failed', async () => {
      const csv = file('first.csv', 'id;basic.product_name;additional.price\r\nk1;Kolo Author;250,5\r\nk2;;10\r\nk3;Koloběžka;90\r\n');
      const res = await cli('products:import', csv, '--owner', 'pujcovna@example.com');
      assert.equal(res.code, 1, res.stderr);
      assert.match(res.stdout, /Imported .*first\.csv: 3 rows — 2 created, 0 updated, 0 unchanged, 1 errors\./);
      assert.match(res.stdout, /row 2 \(k2\): 400 basic\.product_name: /);
      assert.ok(!res.stdout.includes('\u001b['), 'no progress bar when stdout is not a terminal');
      const exported = await cli('products:export', '--format', 'ndjson', '--where', '{"id":{"in":["k1","k3"]}}', '--sort', 'id');
      assert.equal(exported.code, 0, exported.stderr);
      const docs = exported.stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; basic: { rent_owner: string }; additional: { price: number } });
      assert.deepEqual(docs.map((doc) => [doc.id, doc.basic.rent_owner, doc.additional.price]), [['k1', ownerId, 250.5], ['k3', ownerId, 90]]);
      assert.match(exported.stderr, /Exported 2 products\./);
    });

    it('writes nothing on --dry-run, nor on --atomic with a bad row', async () => {
      const digest = await databaseDigest(databaseUrl);
      const csv = file('second.csv', 'id,basic.product_name\nd1,Dobrý\nd2,\n');
      const dry = await cli('products:import', csv, '--owner', 'pujcovna@example.com', '--dry-run');
      assert.match(dry.stdout, /Checked \(dry run, nothing written\) .*: 2 rows — 1 created, .* 1 errors\./);
      const atomic = await cli('products:import', csv, '--owner', 'pujcovna@example.com', '--atomic');
      assert.equal(atomic.code, 1);
      assert.match(atomic.stdout, /Not imported \(atomic/);
      assert.equal(await databaseDigest(databaseUrl), digest);
    });

    it('without --owner imports as the operator: every new product names its owner', async () => {
      const json = file('third.json', JSON.stringify([{ id: 'op1', basic: { product_name: 'Stan', rent_owner: ownerId } }, { id: 'op2', basic: { product_name: 'Bez majitele' } }]));
      const report = join(dataDir, 'report.json');
      const res = await cli('products:import', json, '--report', report);
      assert.equal(res.code, 1);
      assert.match(res.stdout, /2 rows — 1 created, .* 1 errors/);
      const written = JSON.parse(readFileSync(report, 'utf8')) as { rows: { id: string; status: string; errors: { field?: string }[] }[] };
      assert.deepEqual(written.rows.map((row) => [row.id, row.status, row.errors.map((error) => error.field)]), [['op1', 'created', []], ['op2', 'error', ['basic.rent_owner']]]);
    });

    it('exports a file that imports back unchanged', async () => {
      const out = join(dataDir, 'all.csv');
      const exported = await cli('products:export', '--out', out, '--bom');
      assert.equal(exported.code, 0, exported.stderr);
      assert.match(exported.stdout, /Exported 3 products to .*all\.csv\./);
      assert.deepEqual([...readFileSync(out).subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const digest = await databaseDigest(databaseUrl);
      const back = await cli('products:import', out, '--mode', 'upsert');
      assert.equal(back.code, 0, back.stdout + back.stderr);
      assert.match(back.stdout, /3 rows — 0 created, 0 updated, 3 unchanged, 0 errors\./);
      assert.equal(await databaseDigest(databaseUrl), digest);
      const theirs = await cli('products:export', '--owner', 'jina@example.com', '--format', 'json');
      assert.deepEqual(JSON.parse(theirs.stdout), [], 'another account reads none of them (all unpublished)');
    });

    it('draws a progress bar when stdout is a terminal', async () => {
      const csv = file('tty.csv', 'basic.product_name\nNa terminálu\n');
      const command = [process.execPath, ...CLI_ARGS, 'products:import', csv, '--owner', 'pujcovna@example.com'].map((word) => `'${word}'`).join(' ');
      const { stdout } = await run('script', ['-qec', command, '/dev/null'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl } });
      assert.match(stdout, /Importing \[[█░]+\] 100% \| 1\/1/);
      assert.match(stdout, /1 rows — 1 created/);
    });

    it('explains bad options', async () => {
      assert.match((await cli('products:import', join(dataDir, 'missing.csv'))).stderr, /No file .*missing\.csv/);
      assert.match((await cli('products:import', join(dataDir, 'first.csv'), '--mode', 'merge')).stderr, /--mode must be one of create, upsert/);
      assert.match((await cli('products:import', join(dataDir, 'first.csv'), '--owner', 'nikdo@example.com')).stderr, /No account has the e-mail nikdo@example\.com/);
      assert.match((await cli('products:export', '--format', 'xml')).stderr, /--format must be one of csv, json, ndjson/);
      assert.match((await cli('products:export', '--where', '{"nope":{"equals":1}}')).stderr, /where\.nope/);
    });
  });
}
