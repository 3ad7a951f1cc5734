import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse';
import { defaultConfig } from '../../src/config/defaults.js';
import { createProductValidator } from '../../src/domain/product-validation.js';
import { DEMO_PASSWORD, seedCatalogue } from '../../src/seed/seed-catalogue.js';
import { LocalMediaStore } from '../../src/storage/media-store.js';
import { openStorage } from '../../src/storage/storage.js';
import { startProcess, type ServiceProcess } from '../helpers/process.js';
import { createPostgresDatabase, dialects } from '../helpers/server.js';

const PRODUCTS = 100_000;
const MB = 1024 * 1024;

/** The process's anonymous memory (heap, buffers, threads' stacks): its RSS less the file pages (the database's, mapped), which the kernel may drop. */
const anonymousMemory = (pid: number): number => Number(/RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

for (const dialect of dialects) {
  describe(`an export of ${PRODUCTS.toLocaleString('en')} products streams in constant memory (${dialect})`, () => {
    let dataDir: string;
    let drop = async () => {};
    let service: ServiceProcess;
    let token: string;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'export-memory-'));
      let databaseUrl = `file:${join(dataDir, 'rental.db')}`;
      if (dialect === 'postgres') ({ url: databaseUrl, drop } = await createPostgresDatabase());
      const config = defaultConfig();
      const storage = await openStorage(databaseUrl, dataDir);
      try {
        await seedCatalogue(
          { config, storage, productValidator: createProductValidator(config.products.timeUnits), mediaStore: new LocalMediaStore(join(dataDir, 'media')) },
          { products: PRODUCTS, owners: 5, mediaImages: 2, validate: false, shape: { descriptionLength: 1000, galleryImages: 2, reservations: 2, publishedShare: 0.7, varied: false } },
        );
      } finally {
        await storage.close();
      }
      service = await startProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, RENTAL_SECRET: 'export-memory-secret-export-memory-secret' });
      const login = await fetch(`${service.url}/api/rents/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo1@example.com', password: DEMO_PASSWORD }) });
      token = ((await login.json()) as { token: string }).token;
    });
    after(async () => {
      service?.child.kill('SIGTERM');
      await service?.exited;
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('holds no more than a few pages whatever the size of the file', async () => {
      const pid = service.child.pid as number;
      const headers = { authorization: `Bearer ${token}` };
      // The code paths warmed, and the memory they settle at measured, by a small export.
      const small = await fetch(`${service.url}/api/products/export?where[internal_name][less_than]=SKU-001001`, { headers });
      assert.equal(small.status, 200);
      await small.arrayBuffer();
      const baseline = anonymousMemory(pid);

      const res = await fetch(`${service.url}/api/products/export?sort=basic.location,-additional.price`, { headers });
      assert.equal(res.status, 200);
      let bytes = 0;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, anonymousMemory(pid))), 10);
      const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
      body.on('data', (chunk: Buffer) => (bytes += chunk.length));
      let records = 0;
      try {
        for await (const _record of body.pipe(parse({ from_line: 2 }))) records++;
      } finally {
        clearInterval(sampler);
      }
      const growth = peak - baseline;
      process.stderr.write(`export of ${records} products (${(bytes / MB).toFixed(0)} MB): ${(baseline / MB).toFixed(0)} MB of anonymous memory before, ${(growth / MB).toFixed(1)} MB more at most\n`);
      assert.equal(records, PRODUCTS);
      assert.ok(bytes > 150 * MB, `the file is far larger than the memory allowed (${bytes} bytes)`);
      // Holding the file, or the products' documents, would take more than its size.
      assert.ok(growth < 48 * MB, `memory grew by ${(growth / MB).toFixed(1)} MB while ${(bytes / MB).toFixed(0)} MB were exported`);
    });
  });
}
