import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { openStorage } from '../../src/storage/storage.js';
import { ManualClock } from '../helpers/clock.js';
import { dialects, listenOnLoopback, startServer, TEST_SECRET, type TestServer } from '../helpers/server.js';

const PRODUCTS = 50;
const hidden = (index: number) => index % 4 === 0;

/** A second service over the seeding server's database: what a restart gives, its caches empty. */
async function restarted(seeded: TestServer, bodyFileBytes?: number, warmBodies = true) {
  const storage = await openStorage(seeded.databaseUrl, seeded.dataDir);
  const config = defaultConfig();
  config.rateLimit = false;
  const built = await buildApp({ config, storage, secret: TEST_SECRET, dataDir: seeded.dataDir, bodyFileBytes, warmBodies });
  // Counts the single-product reads the database answers, calling the repository itself.
  let rowReads = 0;
  const get = storage.products.get.bind(storage.products);
  storage.products.get = (...args) => {
    rowReads++;
    return get(...args);
  };
  return {
    ...built,
    url: await listenOnLoopback(built.app),
    rowReads: () => rowReads,
    close: async () => {
      await built.app.close();
      await storage.close();
    },
  };
}

async function read(url: string, token?: string) {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: response.status, text: await response.text(), etag: response.headers.get('etag') };
}

for (const dialect of dialects) {
  describe(`product bodies warmed after start-up (${dialect})`, () => {
    let seeded: TestServer;
    let owner: { id: string; token: string };
    const expected = new Map<number, { text: string; etag: string | null }>();

    before(async () => {
      // Its jobs hold still: on SQLite each of their lease writes is another process's commit to
      // the restarted service, which empties its caches (see ChangeFeed.followOtherWriters).
      seeded = await startServer(dialect, undefined, { clock: new ManualClock() });
      owner = await seeded.signUp();
      for (let index = 0; index < PRODUCTS; index++) {
        const created = await seeded.http.post(`/api/products/warm-${String(index).padStart(2, '0')}`, {
          basic: { product_name: `Stan ${index}`, product_desc: `Popis stanu ${index}, řádek\n`.repeat(30 + index), location: 'Brno' },
          additional: { price: 100 + index, time_unit: 'day' },
          settings: { published: !hidden(index) },
        }, owner.token);
        assert.equal(created.status, 201, created.text);
      }
      for (let index = 0; index < PRODUCTS; index++) expected.set(index, await read(`${seeded.url}/api/products/warm-${String(index).padStart(2, '0')}`, owner.token));
    });
    after(() => seeded.close());

    it('renders every product once idle, so that anonymous reads answer without a database read, byte for byte', async () => {
      const service = await restarted(seeded);
      try {
        await service.warmer.finished;
        assert.equal(service.services.readModel.caches.products.size, PRODUCTS);
        for (let index = 0; index < PRODUCTS; index++) {
          const got = await read(`${service.url}/api/products/warm-${String(index).padStart(2, '0')}`);
          if (hidden(index)) assert.equal(got.status, 404, `hidden ${index}`);
          else assert.deepEqual(got, { status: 200, ...expected.get(index) }, `product ${index}`);
        }
        assert.equal(service.rowReads(), 0);
        // The quote and the calendar read the rental facts kept beside each body.
        for (const path of ['quote?from=2031-03-02&to=2031-03-05', 'availability?from=2031-03-01&to=2031-03-31']) {
          const warm = await read(`${service.url}/api/products/warm-05/${path}`);
          assert.equal(warm.status, 200, warm.text);
          assert.equal(warm.text, (await read(`${seeded.url}/api/products/warm-05/${path}`)).text, path);
        }
        assert.equal((await read(`${service.url}/api/products/warm-04/quote?from=2031-03-02&to=2031-03-05`)).status, 404);
        assert.equal(service.rowReads(), 0);
        // Another reader's access rule is checked against the row once; the body is the same.
        assert.deepEqual(await read(`${service.url}/api/products/warm-00`, owner.token), { status: 200, ...expected.get(0) });
      } finally {
        await service.close();
      }
    });

    it('serves a product written after it was warmed as written', async () => {
      const service = await restarted(seeded);
      try {
        await service.warmer.finished;
        const patched = await fetch(`${service.url}/api/products/warm-01`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ additional: { price: 777 } }),
        });
        assert.equal(patched.status, 200);
        const got = await read(`${service.url}/api/products/warm-01`);
        assert.equal(got.status, 200);
        assert.equal((JSON.parse(got.text) as { additional: { price: number } }).additional.price, 777);
        assert.notEqual(got.etag, expected.get(1)?.etag);
        const unpublished = await fetch(`${service.url}/api/products/warm-02`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ settings: { published: false } }),
        });
        assert.equal(unpublished.status, 200);
        assert.equal((await read(`${service.url}/api/products/warm-02`)).status, 404);
      } finally {
        await service.close();
      }
    });

    it('stops before the body file has gone nine-tenths round, and serves the rest as before', async () => {
      const capacity = 64 * 1024;
      const service = await restarted(seeded, capacity);
      try {
        await service.warmer.finished;
        const warmed = service.services.readModel.caches.products.size;
        assert.ok(warmed > 0 && warmed < PRODUCTS, `${warmed} warmed`);
        assert.ok(service.services.readModel.caches.bodies.firstLapLeft > 0, 'the file went round');
        const got = await read(`${service.url}/api/products/warm-49`);
        assert.equal(got.text, (await read(`${seeded.url}/api/products/warm-49`)).text);
      } finally {
        await service.close();
      }
    });

    it('warms nothing unless asked to (WARM_BODIES)', async () => {
      const service = await restarted(seeded, undefined, false);
      try {
        await service.warmer.finished;
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(service.services.readModel.caches.products.size, 0);
        assert.equal((await read(`${service.url}/api/products/warm-03`)).text, expected.get(3)?.text);
        assert.equal(service.rowReads(), 1);
      } finally {
        await service.close();
      }
    });

    it('warms nothing when bodies are kept in memory', async () => {
      const service = await restarted(seeded, 0);
      try {
        await service.warmer.finished;
        assert.equal(service.services.readModel.caches.products.size, 0);
      } finally {
        await service.close();
      }
    });
  });

  describe(`a catalogue that does not fit whole is warmed no further than its sample (${dialect})`, () => {
    const MANY = 400;
    let seeded: TestServer;

    before(async () => {
      seeded = await startServer(dialect, undefined, { clock: new ManualClock() });
      const owner = await seeded.signUp();
      for (let start = 0; start < MANY; start += 20) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, (_, offset) =>
            seeded.http
              .post(`/api/products/many-${String(start + offset).padStart(3, '0')}`, { basic: { product_name: `Vrtačka ${start + offset}`, product_desc: 'Popis. '.repeat(250), location: 'Brno' }, additional: { price: 100 }, settings: { published: true } }, owner.token)
              .then((created) => created.status),
          ),
        );
        assert.deepEqual(new Set(statuses), new Set([201]));
      }
    });
    after(() => seeded.close());

    it('stops once the first products show that the rest would not fit, and serves every product as before', async () => {
      // ~2.3 KB a body: 400 fill ~910 KB, and a file of 900 KB would take ~350 of them before its last tenth.
      const service = await restarted(seeded, 900 * 1024);
      try {
        await service.warmer.finished;
        const warmed = service.services.readModel.caches.products.size;
        assert.ok(warmed >= 256 && warmed <= 256 + 16, `${warmed} warmed`);
        for (const index of [0, 255, 300, 399]) {
          const path = `/api/products/many-${String(index).padStart(3, '0')}`;
          assert.equal((await read(service.url + path)).text, (await read(seeded.url + path)).text, path);
        }
      } finally {
        await service.close();
      }
    });
  });
}
