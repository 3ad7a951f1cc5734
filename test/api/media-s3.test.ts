import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { errorFields, rawGet } from '../helpers/http.js';
import { startHttpFaultProxy, type HttpFaultProxy } from '../helpers/http-fault-proxy.js';
import { startProcess } from '../helpers/process.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';
import { startServer, type TestServer } from '../helpers/server.js';

type Media = { id: string; filename: string; filesize: number; url: string; sizes: Record<string, { url: string; filename: string }> };

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 10, g: 90, b: 200 } } }).png().toBuffer();

async function upload(server: TestServer, token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return server.http.request<{ doc: Media }>('POST', '/api/rentMedia', { raw: form, token });
}

/** What only an S3 bucket does (test/api/media.test.ts runs every media test on both stores). */
describe('media in an S3 bucket', () => {
  let s3: S3TestServer;
  let proxy: HttpFaultProxy;
  let server: TestServer;
  let token: string;
  const log = new PassThrough();
  const logged: string[] = [];
  log.on('data', (line: Buffer) => logged.push(String(line)));

  before(async () => {
    s3 = await startS3Server();
    proxy = await startHttpFaultProxy(s3.endpoint);
    server = await startServer('sqlite', (config) => {
      config.media.maxFileSize = 16 * 1024 * 1024;
    }, { mediaStore: s3.store({ endpoint: proxy.url }), logStream: log });
    token = (await server.signUp()).token;
  });
  after(async () => {
    await server.close();
    await proxy.close();
    await s3.close();
  });

  it('stores a file larger than one part as a multipart upload, and serves it whole', async () => {
    // Noise does not compress: a PNG of about 6 MB, more than S3's 5 MB part.
    const large = await sharp(randomBytes(1450 * 1450 * 3), { raw: { width: 1450, height: 1450, channels: 3 } }).png().toBuffer();
    assert.ok(large.length > 5 * 1024 * 1024, String(large.length));
    proxy.seen.length = 0;
    const res = await upload(server, token, large, 'large.png');
    assert.equal(res.status, 201, res.text);
    const requests = proxy.seen.filter((line) => line.includes('/large.png'));
    assert.ok(requests.some((line) => /^POST \S*large\.png\?uploads/.test(line)), requests.join('\n'));
    assert.equal(requests.filter((line) => /^PUT \S*large\.png\?.*partNumber=/.test(line)).length, 2, requests.join('\n'));
    assert.ok(requests.some((line) => /^POST \S*large\.png\?.*uploadId=/.test(line)), 'completed');
    assert.ok(s3.events.some((event) => event.key === 'large.png' && event.name === 'ObjectCreated:Post'));
    const served = await fetch(`${server.url}${res.body.doc.url}`);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-length'), String(large.length));
    assert.ok(Buffer.from(await served.arrayBuffer()).equals(large), 'the same bytes');
    // The thumbnail, under 5 MB, is one PUT.
    const thumbnail = res.body.doc.sizes.thumbnail?.filename as string;
    assert.ok(proxy.seen.some((line) => line.startsWith(`PUT /${s3.bucket}/${thumbnail}`)) && !proxy.seen.some((line) => line.includes(`${thumbnail}?uploads`)));
  });

  it('never overwrites another file: a name the bucket holds already goes to the next free one', async () => {
    const first = (await upload(server, token, await png(60, 40), 'taken.png')).body.doc;
    const thumbnail = first.sizes.thumbnail?.filename as string;
    assert.equal(thumbnail, 'taken-thumbnail-60x40.png');
    const before = Buffer.from(await (await fetch(`${server.url}${first.sizes.thumbnail?.url}`)).arrayBuffer());
    // Uploaded under the name of the first one's thumbnail: the database has no such original, the bucket has the file.
    const second = await upload(server, token, await png(30, 30), thumbnail);
    assert.equal(second.status, 201, second.text);
    assert.equal(second.body.doc.filename, 'taken-thumbnail-60x40-2.png');
    const after = Buffer.from(await (await fetch(`${server.url}${first.sizes.thumbnail?.url}`)).arrayBuffer());
    assert.ok(after.equals(before), 'the first upload keeps its thumbnail');
  });

  it('answers 503 with Retry-After while the bucket fails, and stores nothing of an upload meanwhile', async () => {
    const doc = (await upload(server, token, await png(20, 20), 'outage.png')).body.doc;
    const count = async () => (await server.http.get<{ totalDocs: number }>('/api/rentMedia/count')).body.totalDocs;
    const docsBefore = await count();
    const keysBefore = await s3.keys();
    proxy.failWhere(() => true);
    try {
      const read = await rawGet(server.url, doc.url);
      assert.equal(read.status, 503);
      assert.equal(read.headers['retry-after'], '1');
      errorFields(JSON.parse(read.body.toString()));
      assert.match(read.body.toString(), /media storage is unavailable/);
      const up = await upload(server, token, await png(20, 20), 'during-outage.png');
      assert.equal(up.status, 503, up.text);
      assert.equal(await count(), docsBefore, 'no document');
    } finally {
      proxy.failWhere(null);
    }
    assert.deepEqual(await s3.keys(), keysBefore, 'no object');
    assert.equal((await rawGet(server.url, doc.url)).status, 200, 'served again once the bucket answers');
  });

  it('deletes a media document while the bucket fails, naming the files it keeps in the log', async () => {
    const doc = (await upload(server, token, await png(20, 20), 'kept.png')).body.doc;
    proxy.failWhere((method, path) => method === 'POST' && path.includes('delete'));
    try {
      const res = await server.http.delete(`/api/rentMedia/${doc.id}`, token);
      assert.equal(res.status, 200, res.text);
    } finally {
      proxy.failWhere(null);
    }
    assert.equal((await server.http.get(`/api/rentMedia/${doc.id}`)).status, 404);
    assert.ok(logged.some((line) => line.includes('could not be removed from the media storage') && line.includes('kept.png')), 'logged');
  });
});

describe('media redirected to the bucket', () => {
  let s3: S3TestServer;
  const servers: TestServer[] = [];
  before(async () => {
    s3 = await startS3Server();
  });
  after(async () => {
    for (const server of servers) await server.close();
    await s3.close();
  });

  for (const serving of [{ kind: 'public' } as const, { kind: 'presign', expiresIn: 600 } as const]) {
    it(`${serving.kind === 'public' ? 'to S3_PUBLIC_URL' : 'by a presigned URL'}: 302 for a stored file, 404 in the contract's shape for another`, async () => {
      const bucketUrl = `${s3.endpoint}/${s3.bucket}`;
      const server = await startServer('sqlite', () => {}, { mediaStore: s3.store({ serving: serving.kind === 'public' ? { kind: 'public', baseUrl: bucketUrl } : serving }) });
      servers.push(server);
      const { token } = await server.signUp();
      const bytes = await png(50, 50);
      const doc = (await upload(server, token, bytes, `redirected-${serving.kind}.png`)).body.doc;
      const res = await rawGet(server.url, doc.url);
      assert.equal(res.status, 302);
      const location = res.headers.location as string;
      if (serving.kind === 'public') {
        assert.equal(location, `${bucketUrl}/${doc.filename}`);
        assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      } else {
        assert.match(location, new RegExp(`^${bucketUrl}/${doc.filename}\\?.*X-Amz-Signature=`));
        assert.match(location, /X-Amz-Expires=600/);
        assert.equal(res.headers['cache-control'], 'private, max-age=300');
      }
      const followed = await fetch(`${server.url}${doc.url}`);
      assert.equal(followed.status, 200);
      assert.ok(Buffer.from(await followed.arrayBuffer()).equals(bytes), 'the bucket serves the same bytes');
      const missing = await rawGet(server.url, '/api/rentMedia/file/no-such-file.png');
      assert.equal(missing.status, 404);
      errorFields(JSON.parse(missing.body.toString()));
    });
  }
});

describe('starting with MEDIA_STORAGE=s3', () => {
  let s3: S3TestServer;
  before(async () => {
    s3 = await startS3Server();
  });
  after(() => s3.close());

  it('stops with a message naming what is wrong: the variable, the bucket, the credentials', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ MEDIA_STORAGE: 's3' }, /S3_BUCKET must name the bucket when MEDIA_STORAGE=s3/],
      [{ ...s3.env(), S3_BUCKET: 'no-such-bucket' }, /S3_BUCKET: there is no bucket `no-such-bucket` at http:\/\/127\.0\.0\.1:\d+; create it first/],
      [{ ...s3.env(), AWS_ACCESS_KEY_ID: 'NOBODY' }, /access to the bucket `rental-media` is denied; check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/],
    ];
    const dataDir = mkdtempSync(join(tmpdir(), 'rental-s3-start-'));
    try {
      for (const [env, message] of cases) {
        const started = await startProcess({ DATABASE_URL: '', DATA_DIR: dataDir, ...env }).catch((error: unknown) => error as Error);
        if (!(started instanceof Error)) {
          started.child.kill('SIGKILL');
          await started.exited;
          assert.fail(`started with ${JSON.stringify(env)}`);
        }
        assert.match(started.message, message);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
