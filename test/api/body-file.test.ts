import assert from 'node:assert/strict';
import { fstatSync, readdirSync, readlinkSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { logCapture } from '../helpers/log.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

const PRODUCTS = 40;

for (const dialect of dialects) {
  for (const [kept, bodyFileBytes] of [['in a body file that wraps around every few reads', 32 * 1024], ['in memory', 0]] as const) {
    describe(`product bodies kept ${kept} (${dialect})`, () => {
      let server: TestServer;
      let owner: { id: string; token: string };
      const first = new Map<string, { text: string; etag: string | null }>();

      before(async () => {
        server = await startServer(dialect, () => {}, { bodyFileBytes });
        owner = await server.signUp();
        for (let index = 0; index < PRODUCTS; index++) {
          const created = await server.http.post(`/api/products/body-${index}`, {
            basic: { product_name: `Výrobek ${index}`, product_desc: `Popis ${index} `.repeat(20 + index * 3), location: 'Brno' },
            additional: { price: 100 + index },
            settings: { published: index % 4 !== 0 },
          }, owner.token);
          assert.equal(created.status, 201, created.text);
        }
      });
      after(() => server.close());

      const read = async (path: string, token?: string) => {
        const response = await fetch(`${server.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
        return { status: response.status, text: await response.text(), etag: response.headers.get('etag') };
      };

      it('serves every product the same bytes and ETag, read after read, by id and in lists', async () => {
        const paths = Array.from({ length: PRODUCTS }, (_, index) => [`/api/products/body-${index}?depth=0`, `/api/products/body-${index}`]).flat();
        for (let round = 0; round < 3; round++) {
          for (const path of round === 1 ? [...paths].reverse() : paths) {
            const { status, text, etag } = await read(path, owner.token);
            assert.equal(status, 200, text);
            const seen = first.get(path);
            if (!seen) first.set(path, { text, etag });
            else assert.deepEqual({ text, etag }, seen, `${path}, round ${round}`);
          }
          const page = JSON.parse((await read('/api/products?limit=100&sort=additional.price', owner.token)).text) as { docs: { id: string }[] };
          assert.equal(page.docs.length, PRODUCTS);
          page.docs.forEach((doc) => assert.deepEqual(doc, JSON.parse(first.get(`/api/products/${doc.id}`)?.text ?? 'null'), `${doc.id} listed, round ${round}`));
        }
      });

      it('answers each reader by its own access rule, readers taking turns', async () => {
        for (let round = 0; round < 3; round++) {
          for (const index of [0, 1, 4, 5]) {
            const hidden = index % 4 === 0;
            assert.equal((await read(`/api/products/body-${index}`)).status, hidden ? 404 : 200, `anonymous, ${index}`);
            assert.equal((await read(`/api/products/body-${index}`, owner.token)).status, 200, `owner, ${index}`);
          }
        }
      });
    });
  }
}

/** The size of this process's body file in `dataDir` (it is unlinked, so found by its descriptor), once its writes have landed. */
async function bodyFileSize(dataDir: string): Promise<number> {
  const fd = readdirSync('/proc/self/fd').find((entry) => {
    try {
      return readlinkSync(`/proc/self/fd/${entry}`).startsWith(`${dataDir}/.bodies-`);
    } catch {
      return false;
    }
  });
  assert.ok(fd !== undefined, 'no body file is open');
  let size = -1;
  for (let settled = 0; settled < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = fstatSync(Number(fd)).size;
    settled = now === size ? settled + 1 : 0;
    size = now;
  }
  return size;
}

describe('what a list page and a write keep in the body file', () => {
  let server: TestServer;
  let owner: { id: string; token: string };

  before(async () => {
    server = await startServer('sqlite', () => {}, { bodyFileBytes: 64 * 1024 * 1024 });
    owner = await server.signUp();
    for (let index = 0; index < 20; index++) {
      const created = await server.http.post(`/api/products/kept-${index}`, {
        basic: { product_name: `Stan ${index}`, product_desc: 'Stan pro čtyři osoby. '.repeat(40), location: 'Brno' },
        settings: { published: true },
      }, owner.token);
      assert.equal(created.status, 201, created.text);
    }
  });
  after(() => server.close());

  it('is the page docs once, not each product again; a single read keeps its product', async () => {
    const before = await bodyFileSize(server.dataDir);
    const page = await fetch(`${server.url}/api/products?limit=20`);
    const text = await page.text();
    // In bytes: the names are Czech, several bytes a character in UTF-8.
    const docsLength = Buffer.byteLength(text.slice('{"docs":['.length, text.indexOf('],"totalDocs"')));
    const afterList = await bodyFileSize(server.dataDir);
    assert.equal(afterList - before, docsLength);
    // Depth 0: writes keep depth 1 only, so this one is the product's first.
    const single = await fetch(`${server.url}/api/products/kept-3?depth=0`);
    const body = await single.text();
    assert.equal((await bodyFileSize(server.dataDir)) - afterList, Buffer.byteLength(body));
  });

  it('keeps a written product at depth 1 as its first read would, and answers the write with those bytes: reads after it add nothing', async () => {
    const before = await bodyFileSize(server.dataDir);
    const created = await server.http.post('/api/products/kept-new', { basic: { product_name: 'Nový stan', location: 'Brno' }, settings: { published: true } }, owner.token);
    assert.equal(created.status, 201, created.text);
    const afterCreate = await bodyFileSize(server.dataDir);
    const read = async () => {
      const response = await fetch(`${server.url}/api/products/kept-new`);
      return { text: await response.text(), etag: response.headers.get('etag') };
    };
    const first = await read();
    assert.equal(afterCreate - before, Buffer.byteLength(first.text));
    assert.equal(created.text, first.text, 'the create answered the bytes its reads send');
    assert.equal(await bodyFileSize(server.dataDir), afterCreate, 'the read found it kept');

    const patched = await server.http.patch<{ doc: unknown }>('/api/products/kept-new', { additional: { price: 250 } }, owner.token);
    assert.equal(patched.status, 200, patched.text);
    const afterPatch = await bodyFileSize(server.dataDir);
    const second = await read();
    assert.equal(patched.text, `{"doc":${second.text},"message":"Updated successfully."}`, 'the update answered the bytes its reads send');
    assert.notEqual(second.etag, first.etag);
    assert.equal(afterPatch - afterCreate, Buffer.byteLength(second.text));
    assert.equal(await bodyFileSize(server.dataDir), afterPatch, 'the read after the update found it kept');
  });
});

describe('a write whose body cannot be kept for reads (sqlite)', () => {
  it('is answered as saved, and the reason is logged', async () => {
    const log = logCapture();
    const server = await startServer('sqlite', (config) => {
      // A project's mistake: its read rule fails for anonymous readers, whose check a kept body carries.
      config.access.products.read = ({ user }) => {
        if (!user) throw new TypeError('the rule expected a user');
        return true;
      };
    }, { logStream: log.stream });
    try {
      const owner = await server.signUp();
      const created = await server.http.post<{ id: string }>('/api/products/unkept', { basic: { product_name: 'Stan' } }, owner.token);
      assert.equal(created.status, 201, created.text);
      const read = await server.http.get('/api/products/unkept', owner.token);
      assert.equal(read.status, 200, read.text);
      assert.equal(created.text, read.text);
      const logs = log.text();
      const warning = logs.split('\n').find((line) => line.includes('"product unkept was saved, but its body could not be kept for reads"'));
      assert.ok(warning, logs);
      assert.match(warning, /"level":40/);
      assert.match(warning, /the rule expected a user/);
      assert.ok(!logs.includes(owner.token), 'no token in the log');
    } finally {
      await server.close();
    }
  });
});
