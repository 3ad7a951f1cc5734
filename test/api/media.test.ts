import assert from 'node:assert/strict';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields, rawGet } from '../helpers/http.js';
import { mediaStorages, type MediaStorageUnderTest } from '../helpers/media-storages.js';
import { until } from '../helpers/until.js';
import { randomBytes } from 'node:crypto';

type Media = { id: string; alt: string; filename: string; mimeType: string; filesize: number; width: number; height: number; url: string; sizes: Record<string, { url: string; width: number; height: number }>; owner: string; createdAt: string; updatedAt: string };

async function image(format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif', width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } }).toFormat(format).toBuffer();
}

for (const dialect of dialects) for (const { name: storageName, start: startStorage } of mediaStorages) {
  describe(`rentMedia (${dialect}, ${storageName})`, () => {
    let server: TestServer;
    let storage: MediaStorageUnderTest;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };

    before(async () => {
      storage = await startStorage();
      server = await startServer(dialect, (config) => {
        config.media.maxFileSize = 200 * 1024;
        config.media.sizes = { thumbnail: { width: 400 }, square: { width: 100, height: 100 } };
      }, { mediaStore: storage.store });
      owner = await server.signUp();
      other = await server.signUp();
      await upload(await image('png', 10, 10), 'probe.png');
    });
    after(async () => {
      await server.close();
      await storage.close();
    });

    async function upload(bytes: Buffer, name: string, fields: Record<string, string> = {}, token: string | null = owner.token, type = 'application/octet-stream', to = server) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      return to.http.request<{ doc: Media; message: string }>('POST', '/api/rentMedia', { raw: form, token: token ?? undefined });
    }

    /** Every stored file: in the media folder, or in the bucket. */
    const storedFiles = () => storage.files(server.dataDir);

    it('accepts JPEG, PNG, WebP, GIF and AVIF, reading the type from the bytes', async () => {
      for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
        const res = await upload(await image(format), `photo.${format}`, { alt: `A ${format}` });
        assert.equal(res.status, 201, `${format}: ${res.text}`);
        const doc = res.body.doc;
        assert.equal(doc.mimeType, format === 'jpeg' ? 'image/jpeg' : `image/${format}`);
        assert.equal(doc.width, 800);
        assert.equal(doc.height, 600);
        assert.equal(doc.alt, `A ${format}`);
        assert.equal(doc.owner, owner.id);
        assert.equal(doc.url, `/api/rentMedia/file/${doc.filename}`);
        assert.deepEqual([doc.sizes.thumbnail?.width, doc.sizes.thumbnail?.height], [400, 300]);
        assert.deepEqual([doc.sizes.square?.width, doc.sizes.square?.height], [100, 100], 'both sides given: cropped to them, as Payload does');
        assert.match(doc.id, /^[0-9a-f]{24}$/);
      }
      const misnamed = await upload(await image('png'), 'really-a-png.jpg', {}, owner.token, 'image/jpeg');
      assert.equal(misnamed.body.doc.mimeType, 'image/png');
      assert.equal(misnamed.body.doc.filename, 'really-a-png.png');
    });

    it('takes alt from a `_payload` JSON field as Payload clients send it', async () => {
      const res = await upload(await image('jpeg', 50, 50), 'payload.jpg', { _payload: JSON.stringify({ alt: 'From payload' }) });
      assert.equal(res.status, 201);
      assert.equal(res.body.doc.alt, 'From payload');
      for (const payload of ['{"alt":', '[1]', '{"__proto__":{"x":1},"alt":"a"}']) {
        const bad = await upload(await image('jpeg', 10, 10), 'bad-payload.jpg', { _payload: payload });
        assert.equal(bad.status, 400, payload);
        errorFields(bad.body);
      }
      // The server's own fields are ignored, as in JSON bodies; anything else is unknown (SPEC 1), in `_payload` or as a field.
      const sentBack = await upload(await image('jpeg', 10, 10), 'sent-back.jpg', { _payload: JSON.stringify({ alt: 'Zpět', id: 'x', createdAt: '2020-01-01T00:00:00.000Z' }) });
      assert.equal(sentBack.status, 201, sentBack.text);
      assert.equal(sentBack.body.doc.alt, 'Zpět');
      const before = await storedFiles();
      const unknown = await upload(await image('jpeg', 10, 10), 'unknown.jpg', { _payload: JSON.stringify({ alt: 'a', filename: 'mine.jpg' }), colour: 'red' });
      assert.equal(unknown.status, 400, unknown.text);
      assert.deepEqual(errorFields(unknown.body).sort(), ['colour', 'filename']);
      assert.deepEqual(await storedFiles(), before, 'nothing stored');
    });

    it('a multipart PATCH (as the SDK sends one given a file) changes alt, and refuses the file naming it', async () => {
      const made = await upload(await image('png', 12, 12), 'patched.png');
      const id = made.body.doc.id;
      const patch = (fields: Record<string, string>, file?: Buffer, token: string | null = owner.token) => {
        const form = new FormData();
        if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'new.png');
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        return server.http.request<{ doc: Media }>('PATCH', `/api/rentMedia/${id}`, { raw: form, token: token ?? undefined });
      };
      const viaPayload = await patch({ _payload: JSON.stringify({ alt: 'Přes payload' }) });
      assert.equal(viaPayload.status, 200, viaPayload.text);
      assert.equal(viaPayload.body.doc.alt, 'Přes payload');
      const viaField = await patch({ alt: 'Vlastní pole' });
      assert.equal(viaField.body.doc.alt, 'Vlastní pole');
      const withFile = await patch({ _payload: JSON.stringify({ alt: 'Nový' }) }, await image('png', 8, 8));
      assert.equal(withFile.status, 400, withFile.text);
      assert.deepEqual(errorFields(withFile.body), ['file']);
      assert.equal((await patch({ alt: 'x' }, await image('png', 8, 8), null)).status, 401, 'anonymous: 401 whatever the body');
      assert.equal((await patch({ _payload: '[1]' })).status, 400);
      const unknown = await patch({ _payload: JSON.stringify({ colour: 'red' }) });
      assert.equal(unknown.status, 400);
      const read = await server.http.get<Media>(`/api/rentMedia/${id}`, owner.token);
      assert.equal(read.body.alt, 'Vlastní pole', 'refused patches stored nothing');
      assert.equal(read.body.filename, made.body.doc.filename);
      // A JSON PATCH carrying the server's own fields back (as a fetched document has them) ignores them.
      const echoed = await server.http.patch<{ doc: Media }>(`/api/rentMedia/${id}`, { id: read.body.id, createdAt: read.body.createdAt, updatedAt: read.body.updatedAt, alt: 'Zpět' }, owner.token);
      assert.equal(echoed.status, 200, echoed.text);
      assert.equal(echoed.body.doc.alt, 'Zpět');
    });

    it('refuses text renamed .jpg, truncated images and executables with 415, leaving nothing stored', async () => {
      const before = await storedFiles();
      const jpeg = await image('jpeg');
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
      const cases: [string, Buffer][] = [
        ['notes.jpg', Buffer.from('just some text, not an image\n'.repeat(20))],
        ['cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
        ['program.png', elf],
        ['empty.png', Buffer.alloc(0)],
        ['image.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
      ];
      for (const [name, bytes] of cases) {
        const res = await upload(bytes, name, {}, owner.token, 'image/jpeg');
        assert.equal(res.status, 415, `${name}: ${res.status} ${res.text}`);
        errorFields(res.body);
      }
      assert.deepEqual(await storedFiles(), before);
    });

    it('answers 413 above media.maxFileSize with nothing left stored', async () => {
      const before = await storedFiles();
      const noisy = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } }).png().toBuffer();
      assert.ok(noisy.length > 200 * 1024, String(noisy.length));
      const res = await upload(noisy, 'big.png');
      assert.equal(res.status, 413, res.text);
      errorFields(res.body);
      assert.deepEqual(await storedFiles(), before);
    });

    it('needs a token and a file; refuses non-multipart bodies', async () => {
      assert.equal((await upload(await image('png', 5, 5), 'a.png', {}, null)).status, 401);
      const json = await server.http.post('/api/rentMedia', { file: 'x' }, owner.token);
      assert.equal(json.status, 415);
      const form = new FormData();
      form.append('alt', 'no file');
      const noFile = await server.http.request('POST', '/api/rentMedia', { raw: form, token: owner.token });
      assert.equal(noFile.status, 400);
      assert.deepEqual(errorFields(noFile.body), ['file']);
    });

    it('sanitises file names and makes them unique', async () => {
      const names = [];
      for (const name of ['../../etc/Fotka Vrtačky (1).JPG', 'Fotka Vrtačky (1).jpg', '..\\..\\win.jpg', '.hidden.jpg', '%2e%2e%2fx.jpg']) {
        const res = await upload(await image('jpeg', 20, 20), name);
        assert.equal(res.status, 201, res.text);
        names.push(res.body.doc.filename);
      }
      assert.deepEqual(names.slice(0, 3), ['fotka-vrtacky-1.jpg', 'fotka-vrtacky-1-2.jpg', 'win.jpg']);
      for (const name of names) assert.match(name, /^[a-z0-9][a-z0-9_-]*\.[a-z]+$/);
      assert.equal(new Set(names).size, names.length);
      // A deleted file's name (and its sizes') is not given out again: caches keep its file as immutable for a year.
      const first = await upload(await image('jpeg', 20, 20), 'jednou.jpg');
      assert.equal(first.body.doc.filename, 'jednou.jpg');
      assert.equal((await server.http.delete(`/api/rentMedia/${first.body.doc.id}`, owner.token)).status, 200);
      const again = await upload(await image('jpeg', 20, 20), 'jednou.jpg', {}, other.token);
      assert.equal(again.status, 201, again.text);
      assert.equal(again.body.doc.filename, 'jednou-2.jpg');
      for (const size of Object.values(again.body.doc.sizes)) assert.ok(!Object.values(first.body.doc.sizes).some((old) => old.url === size.url), size.url);
    });

    it('serves files with type, length, ETag, long caching, 304 and ranges', async () => {
      const up = await upload(await image('png', 300, 200), 'served.png');
      const doc = up.body.doc;
      const res = await fetch(`${server.url}${doc.url}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(Number(res.headers.get('content-length')), bytes.length);
      assert.equal(bytes.length, doc.filesize);
      // Public bytes: a stale token or cookie a browser still sends with an image does not stop them.
      assert.equal((await fetch(`${server.url}${doc.url}`, { headers: { authorization: 'Bearer stale.token.here', cookie: 'rental-session=stale' } })).status, 200);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(res.headers.get('accept-ranges'), 'bytes');
      const lastModified = res.headers.get('last-modified') as string;
      assert.ok(Date.parse(lastModified) > Date.now() - 600_000, lastModified);
      const etag = res.headers.get('etag') as string;
      assert.match(etag, /^(W\/)?"[^"]+"$/);

      const notModified = await rawGet(server.url, doc.url, { 'if-none-match': etag });
      assert.equal(notModified.status, 304);
      assert.deepEqual([notModified.headers.etag, notModified.headers['cache-control'], notModified.body.length], [etag, 'public, max-age=31536000, immutable', 0]);
      // RFC 9110 13.1.2: the origin answers If-None-Match whatever Cache-Control the request
      // carries; Node's fetch adds `Cache-Control: no-cache` to every request with If-None-Match.
      assert.equal((await rawGet(server.url, doc.url, { 'if-none-match': etag, 'cache-control': 'no-cache' })).status, 304);
      assert.equal((await fetch(`${server.url}${doc.url}`, { headers: { 'if-none-match': etag } })).status, 304, "Node's fetch");
      assert.equal((await rawGet(server.url, doc.url, { 'if-none-match': `"other", ${etag.replace(/^W\//, '')}` })).status, 304, 'weak comparison, any tag of a list');
      assert.equal((await rawGet(server.url, doc.url, { 'if-none-match': '"other"' })).status, 200);
      assert.equal((await rawGet(server.url, doc.url, { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() })).status, 304);
      assert.equal((await rawGet(server.url, doc.url, { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() })).status, 200);

      const range = await rawGet(server.url, doc.url, { range: 'bytes=0-9' });
      assert.equal(range.status, 206);
      assert.equal(range.headers['content-range'], `bytes 0-9/${bytes.length}`);
      assert.equal(range.headers['content-length'], '10');
      assert.deepEqual(range.body, bytes.subarray(0, 10));
      const tail = await rawGet(server.url, doc.url, { range: 'bytes=-5' });
      assert.equal(tail.status, 206);
      assert.equal(tail.headers['content-range'], `bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`);
      assert.deepEqual(tail.body, bytes.subarray(bytes.length - 5));
      const rest = await rawGet(server.url, doc.url, { range: `bytes=${bytes.length - 3}-` });
      assert.deepEqual([rest.status, rest.body], [206, bytes.subarray(bytes.length - 3)]);
      const several = await rawGet(server.url, doc.url, { range: 'bytes=0-1,5-6' });
      assert.deepEqual([several.status, several.body.length], [200, bytes.length], 'several ranges: the whole file');
      const stale = await rawGet(server.url, doc.url, { range: 'bytes=0-9', 'if-range': '"an-older-version"' });
      assert.deepEqual([stale.status, stale.body.length], [200, bytes.length], 'If-Range no longer matches: the whole file');
      // If-Range compares strongly: a weak tag never matches (the local folder's), a strong one does (the bucket's).
      const sameTag = await rawGet(server.url, doc.url, { range: 'bytes=0-9', 'if-range': etag });
      assert.deepEqual([sameTag.status, sameTag.body.length], etag.startsWith('W/') ? [200, bytes.length] : [206, 10]);
      const unsatisfiable = await rawGet(server.url, doc.url, { range: `bytes=${bytes.length + 10}-` });
      assert.equal(unsatisfiable.status, 416);
      assert.equal(unsatisfiable.headers['content-range'], `bytes */${bytes.length}`);
      errorFields(JSON.parse(unsatisfiable.body.toString()));

      const head = await fetch(`${server.url}${doc.url}`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.deepEqual([head.headers.get('content-type'), head.headers.get('content-length'), head.headers.get('etag')], ['image/png', String(bytes.length), etag]);
      assert.equal((await head.arrayBuffer()).byteLength, 0);

      const thumb = await fetch(`${server.url}${doc.sizes.thumbnail?.url}`);
      assert.equal(thumb.status, 200);
      assert.equal((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width, 300, 'no enlargement');
    });

    it('an upload that fails half way leaves no document and no stored file', async () => {
      // S3: the bucket fails the last size's write (500s until the client gives up). The local
      // folder: a size whose file name is longer than the file system takes, on a server of its own.
      const target = storage.s3
        ? server
        : await startServer(dialect, (config) => {
          config.media.sizes = { thumbnail: { width: 40 }, ['much-too-long-'.repeat(20)]: { width: 20 } };
        });
      const writer = target === server ? owner : await target.signUp();
      const filesOf = () => storage.files(target.dataDir);
      const before = await filesOf();
      const written: string[] = [];
      const watcher = storage.s3 ? undefined : watch(join(target.dataDir, 'media'), (_event, name) => void (name && written.push(name)));
      storage.s3?.proxy.failWhere((method, path) => method === 'PUT' && path.includes('-square-'));
      try {
        const res = await upload(await image('png', 120, 90), 'half-way.png', {}, writer.token, 'image/png', target);
        assert.ok(res.status >= 500, `${res.status} ${res.text}`);
        errorFields(res.body);
        // The original was written before the failure, and removed after it.
        if (storage.s3) {
          const seen = storage.s3.proxy.seen.join('\n');
          assert.match(seen, /^PUT \/rental-media\/half-way\.png/m);
          assert.match(seen, /^POST \/rental-media\/?\?delete/m);
        } else {
          assert.ok(await until(() => written.includes('half-way.png'), 2000), written.join(', '));
        }
        assert.deepEqual(await filesOf(), before);
        const listed = await target.http.get<{ totalDocs: number }>('/api/rentMedia?where[filename][like]=half-way');
        assert.equal(listed.body.totalDocs, 0, listed.text);
        // The storage works again: the same upload goes through, under a new name (the original
        // was in the store for a moment, long enough to be fetched and cached as immutable).
        storage.s3?.proxy.failWhere(null);
        if (target === server) {
          const again = await upload(await image('png', 120, 90), 'half-way.png', {}, writer.token, 'image/png', target);
          assert.equal(again.status, 201, again.text);
          assert.equal(again.body.doc.filename, 'half-way-2.png');
        }
      } finally {
        storage.s3?.proxy.failWhere(null);
        watcher?.close();
        if (target !== server) await target.close();
      }
    });

    it('never serves anything but stored files (traversal → 404)', async () => {
      for (const path of [
        '../../../etc/passwd', '..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%2e%2e', '..', '.',
        '%2Fetc%2Fpasswd', 'probe.png%00.txt', '..%5c..%5cwin.ini', 'nope.png', 'rental.db', '..%252f..%252fetc%252fpasswd',
      ]) {
        const res = await rawGet(server.url, `/api/rentMedia/file/${path}`);
        assert.equal(res.status, 404, path);
        errorFields(JSON.parse(res.body.toString()));
      }
      assert.equal((await rawGet(server.url, '/api/rentMedia/file//etc/passwd')).status, 404);
      const served = await rawGet(server.url, '/api/rentMedia/file/probe.png');
      assert.equal(served.status, 200, 'a stored file is served');
      // Shop websites on other origins show the images.
      assert.equal(served.headers['cross-origin-resource-policy'], 'cross-origin');
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
    });

    it('lists, reads, updates alt and deletes under the access rules', async () => {
      const up = await upload(await image('webp', 40, 30), 'managed.webp', { alt: 'Before' });
      const id = up.body.doc.id;
      const list = await server.http.get<{ docs: Media[]; totalDocs: number; limit: number }>('/api/rentMedia?where[mimeType][equals]=image/webp&limit=50');
      assert.equal(list.status, 200);
      assert.ok(list.body.docs.some((doc) => doc.id === id));
      assert.ok(list.body.docs.every((doc) => doc.mimeType === 'image/webp'));
      assert.equal(typeof list.body.totalDocs, 'number');
      assert.equal((await server.http.get('/api/rentMedia?where[colour][equals]=red')).status, 400);
      const count = await server.http.get<{ totalDocs: number }>('/api/rentMedia/count?where[mimeType][equals]=image/webp');
      assert.deepEqual(count.body, { totalDocs: list.body.totalDocs }, count.text);
      const badCount = await server.http.get('/api/rentMedia/count?where[colour][equals]=red');
      assert.equal(badCount.status, 400);
      assert.deepEqual(errorFields(badCount.body), ['where.colour']);
      const all = await server.http.get<{ docs: Media[]; totalDocs: number; limit: number; totalPages: number }>('/api/rentMedia?pagination=false');
      assert.equal(all.status, 200);
      assert.equal(all.body.docs.length, all.body.totalDocs, 'pagination=false: every document in one page');
      assert.ok(all.body.totalDocs > 1 && all.body.totalDocs === (await server.http.get<{ totalDocs: number }>('/api/rentMedia?limit=1')).body.totalDocs);
      assert.deepEqual([all.body.limit, all.body.totalPages], [0, 1]);
      const one = await server.http.get<Media>(`/api/rentMedia/${id}`);
      assert.equal(one.body.alt, 'Before');
      assert.equal((await server.http.get('/api/rentMedia/nope')).status, 404);
      assert.equal((await server.http.patch(`/api/rentMedia/${id}`, { alt: 'X' })).status, 401);
      assert.equal((await server.http.patch(`/api/rentMedia/${id}`, { alt: 'X' }, other.token)).status, 403);
      const badPatch = await server.http.patch(`/api/rentMedia/${id}`, { alt: 5, filename: 'x.png' }, owner.token);
      assert.equal(badPatch.status, 400);
      assert.deepEqual(new Set(errorFields(badPatch.body)), new Set(['alt', 'filename']));
      const patched = await server.http.patch<{ doc: Media }>(`/api/rentMedia/${id}`, { alt: 'After' }, owner.token);
      assert.equal(patched.status, 200);
      assert.equal(patched.body.doc.alt, 'After');
      assert.equal((await server.http.delete(`/api/rentMedia/${id}`, other.token)).status, 403);
      const files = [up.body.doc.filename, ...Object.values(up.body.doc.sizes).map((size) => size.url.split('/').pop())];
      assert.equal(files.length, 3, 'the original and both sizes');
      for (const file of files) assert.ok((await storedFiles()).includes(file as string));
      const deleted = await server.http.delete<{ doc: Media }>(`/api/rentMedia/${id}`, owner.token);
      assert.equal(deleted.status, 200);
      assert.equal(deleted.body.doc.id, id);
      for (const file of files) assert.ok(!(await storedFiles()).includes(file as string), `${file} removed`);
      for (const file of files) assert.equal((await rawGet(server.url, `/api/rentMedia/file/${file}`)).status, 404, `${file} no longer served`);
      assert.equal((await fetch(`${server.url}${up.body.doc.url}`)).status, 404);
    });

    it('galleries take media ids, resolve them at depth 1, and media in use cannot be deleted', async () => {
      const a = (await upload(await image('jpeg', 64, 48), 'gallery-a.jpg', { alt: 'Front' })).body.doc;
      const b = (await upload(await image('png', 32, 32), 'gallery-b.png')).body.doc;
      const inline = { id: b.id, alt: 'Inline', filename: b.filename, mimeType: b.mimeType, url: b.url, width: b.width, height: b.height };
      const created = await server.http.post<Record<string, any>>('/api/products/with-gallery', { basic: { product_name: 'Galerie' }, gallery: { images: [a.id, inline] } }, owner.token);
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(created.body.gallery.images[0], { id: a.id, alt: 'Front', filename: a.filename, mimeType: 'image/jpeg', url: a.url, width: 64, height: 48 });
      assert.deepEqual(created.body.gallery.images[1], inline);
      const shallow = await server.http.get<Record<string, any>>('/api/products/with-gallery?depth=0', owner.token);
      assert.equal(shallow.body.gallery.images[0], a.id);
      for (const media of [a, b]) {
        const refused = await server.http.delete<{ errors: { message: string }[] }>(`/api/rentMedia/${media.id}`, owner.token);
        assert.equal(refused.status, 409);
        assert.match(refused.body.errors[0]?.message ?? '', /with-gallery/);
      }
      await server.http.patch('/api/products/with-gallery', { gallery: { images: [] } }, owner.token);
      assert.equal((await server.http.delete(`/api/rentMedia/${a.id}`, owner.token)).status, 200);
      // An image object of its own id whose url is a stored file (or one of its sizes) uses that file too.
      const c = (await upload(await image('png', 500, 400), 'gallery-c.png')).body.doc;
      const byUrl = { id: 'vlastni-obrazek', alt: 'Own id', filename: c.filename, mimeType: c.mimeType, url: c.url, width: c.width, height: c.height };
      const thumb = c.sizes.thumbnail as { url: string; width: number; height: number };
      const bySize = { ...byUrl, id: 'nahled', filename: thumb.url.split('/').pop() as string, url: thumb.url, width: thumb.width, height: thumb.height };
      for (const [product, item] of [['by-url', byUrl], ['by-size', bySize]] as const) {
        assert.equal((await server.http.post(`/api/products/${product}`, { basic: { product_name: product }, gallery: { images: [item] } }, owner.token)).status, 201);
        const refused = await server.http.delete<{ errors: { message: string }[] }>(`/api/rentMedia/${c.id}`, owner.token);
        assert.equal(refused.status, 409, product);
        assert.match(refused.body.errors[0]?.message ?? '', new RegExp(product));
        assert.equal((await server.http.delete(`/api/products/${product}`, owner.token)).status, 200);
      }
      assert.equal((await server.http.delete(`/api/rentMedia/${c.id}`, owner.token)).status, 200);
    });
  });
}
