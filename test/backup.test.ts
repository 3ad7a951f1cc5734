import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { startServer, type TestServer } from './helpers/server.js';
import { startProcess } from './helpers/process.js';
import { S3_CREDENTIALS, startS3Server, type S3TestServer } from './helpers/s3-server.js';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CLI_ARGS } from '../scripts/start-command.js';

const run = promisify(execFile);

type Media = { id: string; filename: string; url: string; sizes: { thumbnail: { url: string } } };

describe('npm run rental -- backup', () => {
  let server: TestServer;
  let owner: { id: string; token: string; email: string; password: string };
  const scratch = mkdtempSync(join(tmpdir(), 'rental-backup-'));

  before(async () => {
    server = await startServer('sqlite');
    owner = await server.signUp();
  });
  after(async () => {
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const backup = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [...CLI_ARGS, 'backup', ...args], {
        env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  const productCount = (file: string): number => {
    const db = new Database(file, { readonly: true });
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      return db.prepare('SELECT count(*) FROM products').pluck().get() as number;
    } finally {
      db.close();
    }
  };

  it('copies a running installation that a service started on the copy serves as it was', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)]), 'vrtacka.png');
    const uploaded = await server.http.request<{ doc: Media }>('POST', '/api/rentMedia', { raw: form, token: owner.token });
    assert.equal(uploaded.status, 201, uploaded.text);
    const media = uploaded.body.doc;
    const product = { basic: { product_name: 'Vrtačka Bosch', location: 'Brno' }, settings: { published: true }, gallery: { images: [media.id] } };
    assert.equal((await server.http.post('/api/products/drill-1', product, owner.token)).status, 201);

    // Writes go on while the backup runs: the snapshot holds a consistent prefix of them.
    const before = productCount(join(server.dataDir, 'rental.db'));
    let written = 0;
    let backingUp = true;
    const writer = (async () => {
      while (backingUp) {
        const res = await server.http.post(`/api/products/during-${written}`, { basic: { product_name: `Během ${written}` } }, owner.token);
        assert.equal(res.status, 201, res.text);
        written++;
      }
    })();
    const to = join(scratch, 'copy');
    const result = await backup('--to', to).finally(() => (backingUp = false));
    await writer;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`Database snapshot: ${join(to, 'rental.db')}`));
    assert.match(result.stdout, /Media files: 2/, 'the image and its thumbnail');
    const copied = productCount(join(to, 'rental.db'));
    assert.ok(written > 0, 'writes went on during the backup');
    assert.ok(copied >= before && copied <= before + written, `${copied} products in the copy, ${before} before the ${written} writes`);
    const snapshot = new Database(join(to, 'rental.db'), { readonly: true });
    const during = snapshot.prepare("SELECT id FROM products WHERE id LIKE 'during-%'").pluck().all() as string[];
    snapshot.close();
    assert.deepEqual(new Set(during), new Set(Array.from({ length: copied - before }, (_, i) => `during-${i}`)), 'the writes up to a point, none after it');

    const restored = await startProcess({ DATA_DIR: to, DATABASE_URL: '' });
    try {
      const read = await fetch(`${restored.url}/api/products/drill-1`);
      assert.equal(read.status, 200);
      const body = (await read.json()) as { basic: { product_name: string }; gallery: { images: Media[] } };
      assert.equal(body.basic.product_name, 'Vrtačka Bosch');
      assert.equal(body.gallery.images[0]?.id, media.id);
      const file = await fetch(`${restored.url}${media.url}`);
      assert.equal(file.status, 200);
      assert.deepEqual(Buffer.from(await file.arrayBuffer()), photo, 'the same bytes');
      assert.equal((await fetch(`${restored.url}${media.sizes.thumbnail.url}`)).status, 200);
      const login = await fetch(`${restored.url}/api/rents/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      });
      assert.equal(login.status, 200, 'accounts and their passwords came along');
    } finally {
      restored.child.kill('SIGTERM');
      await restored.exited;
    }
  });

  it('names the files the snapshot needs that were gone by the time they were copied', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } }).png().toBuffer())]), 'gone.png');
    const uploaded = await server.http.request<{ doc: Media }>('POST', '/api/rentMedia', { raw: form, token: owner.token });
    assert.equal(uploaded.status, 201, uploaded.text);
    // As if deleted between the snapshot and the copy: its row stays, its file does not.
    rmSync(join(server.dataDir, 'media', uploaded.body.doc.filename));
    const result = await backup('--to', join(scratch, 'with-missing'));
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, new RegExp(`not copied \\(deleted while the backup ran\\): ${uploaded.body.doc.filename}$`, 'm'));
  });

  it('with PostgreSQL copies the media and the secret and leaves the database to pg_dump', async () => {
    const dataDir = join(scratch, 'pg-data');
    mkdirSync(join(dataDir, 'media'), { recursive: true });
    writeFileSync(join(dataDir, 'media', 'a.png'), 'bytes');
    writeFileSync(join(dataDir, 'secret'), 'the secret\n');
    const to = join(scratch, 'pg-copy');
    const { stdout } = await run(process.execPath, [...CLI_ARGS, 'backup', '--to', to], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    assert.match(stdout, /PostgreSQL, not copied; back it up with pg_dump/);
    assert.match(stdout, /Media files: 1/);
    assert.equal(readFileSync(join(to, 'media', 'a.png'), 'utf8'), 'bytes');
    assert.equal(readFileSync(join(to, 'secret'), 'utf8'), 'the secret\n');
    assert.equal(statSync(join(to, 'secret')).mode & 0o777, 0o600);
    assert.equal(statSync(to).mode & 0o777, 0o700, 'a new folder is the owner\'s alone');
  });

  it('refuses a folder that is not empty, and says what it needs', async () => {
    const used = join(scratch, 'used');
    mkdirSync(used);
    writeFileSync(join(used, 'keep.txt'), 'mine');
    const refused = await backup('--to', used);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /is not empty/);
    assert.match((await backup()).stderr, /Missing --to/);
  });
});

describe('npm run rental -- backup, media in an S3 bucket', () => {
  let s3: S3TestServer;
  let server: TestServer;
  const scratch = mkdtempSync(join(tmpdir(), 'rental-backup-s3-'));

  before(async () => {
    s3 = await startS3Server();
    server = await startServer('sqlite', () => {}, { mediaStore: s3.store() });
  });
  after(async () => {
    await server.close();
    await s3.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("downloads the bucket's media into the copy, which a service on the local folder then serves", async () => {
    const { token } = await server.signUp();
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 20, b: 120 } } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)]), 'z-bucketu.png');
    const uploaded = await server.http.request<{ doc: Media }>('POST', '/api/rentMedia', { raw: form, token });
    assert.equal(uploaded.status, 201, uploaded.text);
    // Another program's object in the same bucket: its key is no file name of the service's.
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'other-app/readme.txt', Body: 'not media' }));
    client.destroy();

    const to = join(scratch, 'copy');
    const { stdout, stderr } = await run(process.execPath, [...CLI_ARGS, 'backup', '--to', to], {
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl, ...s3.env() },
    });
    assert.match(stdout, new RegExp(`Media files: 2 \\(from the S3 bucket ${s3.bucket} at ${s3.endpoint}\\)`));
    assert.match(stderr, /Not media of this service, not copied: other-app\/readme\.txt/);
    assert.deepEqual(readFileSync(join(to, 'media', uploaded.body.doc.filename)), photo);

    const restored = await startProcess({ DATA_DIR: to, DATABASE_URL: '' });
    try {
      const file = await fetch(`${restored.url}${uploaded.body.doc.url}`);
      assert.equal(file.status, 200);
      assert.deepEqual(Buffer.from(await file.arrayBuffer()), photo);
      assert.equal((await fetch(`${restored.url}${uploaded.body.doc.sizes.thumbnail.url}`)).status, 200);
    } finally {
      restored.child.kill('SIGTERM');
      await restored.exited;
    }
  });
});
