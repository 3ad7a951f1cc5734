import { execFile } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SeedOwner } from '../src/seed/generate-products.js';
import type { Build } from './builds.js';
import type { BenchDatabase } from './database.js';
import { seedThroughApi } from './seed-through-api.js';
import { startService, type Service, type ServiceSettings } from './service.js';

const run = promisify(execFile);

/** What the scenarios need to know of the seeded catalogue. */
export interface Catalogue {
  productIds: string[];
  publishedIds: string[];
  admin: { email: string; password: string };
  owners: SeedOwner[];
  mediaIds: string[];
}

/** Connections of the import through the API: as many as the write scenarios'. */
const SEED_CONNECTIONS = 32;

const log = (message: string) => process.stderr.write(`${message}\n`);

/** The build's bulk seed (its own bench/seed-bench.ts, its own migrations) of `count` products; 0 seeds the accounts and images alone. */
async function seedScript(build: Build, database: BenchDatabase, count: number): Promise<Catalogue> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/seed-bench.ts', database.url, database.dataDir, String(count)], { cwd: build.root, maxBuffer: 1 << 30 });
  return JSON.parse(stdout) as Catalogue;
}

/**
 * --seeded: the catalogue bulk-seeded in the database's folder by an earlier run, as its seed
 * described it (catalogue.json); seeded now and described there when the folder has none.
 */
async function keptSeed(build: Build, database: BenchDatabase, count: number): Promise<Catalogue> {
  const described = join(database.dataDir, 'catalogue.json');
  if (!existsSync(described)) {
    const seeded = await seedScript(build, database, count);
    writeFileSync(described, JSON.stringify(seeded));
    return seeded;
  }
  const kept = JSON.parse(readFileSync(described, 'utf8')) as Catalogue;
  if (kept.productIds.length !== count) throw new Error(`${described} describes ${kept.productIds.length} products, not ${count}`);
  log(`  ${build.label}: reusing the ${count} products seeded in ${database.dataDir}`);
  readThrough(database.dataDir);
  return kept;
}

/**
 * Reads the database's files once, so that the page cache holds them as a seed just written
 * leaves them: a catalogue kept from an earlier run is otherwise read from disk by its first
 * measures (a list of 100,000 products served 241 answers a second from a cold file, against
 * 1,500–2,400 from a fresh seed).
 */
function readThrough(dataDir: string): void {
  const buffer = Buffer.alloc(8 << 20);
  for (const file of readdirSync(dataDir).filter((name) => name.startsWith('rental.db'))) {
    const fd = openSync(join(dataDir, file), 'r');
    try {
      while (readSync(fd, buffer, 0, buffer.length, null) > 0);
    } finally {
      closeSync(fd);
    }
  }
}

export async function login(url: string, admin: Catalogue['admin']): Promise<string> {
  const response = await fetch(`${url}/api/rents/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The service started on a database of `count` products: written in bulk before it starts, or
 * (api) created through it after it has started on the accounts and images alone, each a
 * `POST /api/products/:id`, 32 at a time, as an importing client would. The dirty pages are
 * written out (`sync`) before anything is measured: the kernel would otherwise write the
 * seed's gigabyte out during the first scenarios; on PostgreSQL it is vacuumed and analyzed
 * first, for the same reason (BenchDatabase.settle).
 */
export async function seededService(build: Build, database: BenchDatabase, count: number, seed: 'api' | 'bulk', settings: ServiceSettings, kept = false): Promise<{ service: Service; catalogue: Catalogue }> {
  const started = Date.now();
  const reused = kept && existsSync(join(database.dataDir, 'catalogue.json'));
  const seeded = kept ? await keptSeed(build, database, count) : await seedScript(build, database, seed === 'bulk' ? count : 0);
  if (seed === 'bulk') await database.settle();
  await run('sync');
  if (seed === 'bulk' && !reused) log(`  ${build.label}: ${count} products written in bulk in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const service = await startService(build, database, settings);
  if (seed === 'bulk') return { service, catalogue: seeded };
  const created = await seedThroughApi(service.url, await login(service.url, seeded.admin), count, seeded, SEED_CONNECTIONS);
  await database.settle();
  await run('sync');
  log(`  ${build.label}: ${count} products created through the API, ${Math.round(created.rate)} a second`);
  return { service, catalogue: { ...seeded, productIds: created.productIds, publishedIds: created.publishedIds } };
}
