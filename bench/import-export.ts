import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { freePort, NODE_FLAGS, START_ENV, START_SCRIPT } from '../scripts/start-command.js';
import { exportText } from '../src/operations/products/export-formats.js';
import { generateProduct, type SeedOwner } from '../src/seed/generate-products.js';
import { Random } from '../src/seed/random.js';
import { BENCH_SHAPE } from './catalogue-shape.js';

/**
 * The figures of issue 47 (docs/import-export.md): products exported and imported a second at
 * a catalogue of `products`, and the service's memory meanwhile.
 *
 *   node --import tsx bench/import-export.ts [--db sqlite|postgres] [--products 100000]
 *
 * prints them as JSON on stdout (progress on stderr); `measureImportExport` is the same as a
 * function. Steps: seed the catalogue in bulk (bench/seed-bench.ts) and start the service as
 * `npm start` does; export it whole as CSV and as NDJSON to nowhere; generate a CSV file of as
 * many new products (the bench's shape) and import it as a dry run, then for real. Memory is the
 * service process's RSS and its anonymous part (heap and buffers, without the database's mapped
 * pages), sampled every 25 ms: before each phase and its peak. Run it through `testlock`.
 */

export interface PhaseFigures {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  megabytes: number;
  rssMb: { before: number; peak: number };
  anonymousMb: { before: number; peak: number };
}

export interface ImportExportFigures {
  db: 'sqlite' | 'postgres';
  products: number;
  exportCsv: PhaseFigures;
  exportNdjson: PhaseFigures;
  importDryRun: PhaseFigures;
  importReal: PhaseFigures;
}

const ROOT = new URL('..', import.meta.url).pathname;
const MB = 1024 * 1024;
const run = promisify(execFile);
const log = (message: string) => process.stderr.write(`${message}\n`);

function memoryOf(pid: number): { rss: number; anonymous: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), anonymous: kb('RssAnon') };
}

/** Times `work` and samples the service's memory while it runs. */
async function phase(name: string, pid: number, rows: number, work: () => Promise<number>): Promise<PhaseFigures> {
  const before = memoryOf(pid);
  const peak = { ...before };
  const sampler = setInterval(() => {
    const now = memoryOf(pid);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anonymous = Math.max(peak.anonymous, now.anonymous);
  }, 25);
  const started = process.hrtime.bigint();
  let bytes: number;
  try {
    bytes = await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const mb = (value: number) => Number((value / MB).toFixed(1));
  const figures = {
    rows,
    seconds: Number(seconds.toFixed(2)),
    rowsPerSecond: Math.round(rows / seconds),
    megabytes: mb(bytes),
    rssMb: { before: mb(before.rss), peak: mb(peak.rss) },
    anonymousMb: { before: mb(before.anonymous), peak: mb(peak.anonymous) },
  };
  log(`  ${name}: ${figures.rowsPerSecond} rows/s (${figures.seconds} s, ${figures.megabytes} MB), RSS ${figures.rssMb.before} → peak ${figures.rssMb.peak} MB, anonymous ${figures.anonymousMb.before} → ${figures.anonymousMb.peak} MB`);
  return figures;
}

async function database(db: 'sqlite' | 'postgres', work: string, adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (db === 'sqlite') return { url: `file:${join(work, 'rental.db')}`, drop: async () => {} };
  const name = `rc_import_export_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function startService(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, START_SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, ...START_ENV, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
  }
  child.kill('SIGKILL');
  throw new Error('the service did not become ready');
}

/** A CSV file of `count` new products of the seeded owners, written as the export writes them. */
async function generatedFile(path: string, count: number, owners: SeedOwner[], mediaIds: string[]): Promise<void> {
  const rng = new Random(47);
  const now = Date.now();
  async function* pages() {
    for (let start = 0; start < count; start += 500) {
      yield Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
        const index = start + offset;
        const doc = generateProduct(rng, index, owners[index % owners.length] as SeedOwner, mediaIds, BENCH_SHAPE, now);
        return { ...doc, id: `imported-${index}`, settings: { ...doc.settings, slug: `imported-${index}` } } as unknown as Record<string, unknown>;
      });
    }
  }
  await pipeline(Readable.from(exportText(pages(), 'csv'), { objectMode: false }), createWriteStream(path));
}

/** Reads a response to its end without keeping it; its size. */
async function drain(response: Response): Promise<number> {
  if (!response.ok || !response.body) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), new Writable({ write: (chunk: Buffer, _encoding, done) => ((bytes += chunk.length), done()) }));
  return bytes;
}

export async function measureImportExport(options: { db: 'sqlite' | 'postgres'; products: number; postgresUrl?: string }): Promise<ImportExportFigures> {
  const { db, products } = options;
  const work = mkdtempSync(join(tmpdir(), 'rental-import-export-'));
  const adminUrl = options.postgresUrl ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const { url, drop } = await database(db, work, adminUrl);
  let service: { child: ChildProcess; url: string } | undefined;
  try {
    log(`import and export at ${products} products (${db})`);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/seed-bench.ts', url, work, String(products)], { cwd: ROOT, maxBuffer: 256 * MB });
    const seeded = JSON.parse(stdout) as { owners: SeedOwner[]; mediaIds: string[]; admin: { email: string; password: string } };
    await run('sync');
    service = await startService({
      DATABASE_URL: url,
      DATA_DIR: work,
      RENTAL_CONFIG: join(ROOT, 'bench/import-export.config.ts'),
      RENTAL_SECRET: 'benchmark-secret-benchmark-secret-0123456789',
    });
    const login = await fetch(`${service.url}/api/rents/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(seeded.admin) });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const pid = service.child.pid as number;
    const base = service.url;

    const exportCsv = await phase('export CSV', pid, products, async () => drain(await fetch(`${base}/api/products/export?format=csv`, { headers })));
    const exportNdjson = await phase('export NDJSON', pid, products, async () => drain(await fetch(`${base}/api/products/export?format=ndjson`, { headers })));

    const file = join(work, 'import.csv');
    await generatedFile(file, products, seeded.owners, seeded.mediaIds);
    const size = statSync(file).size;
    const importOnce = async (query: string) => {
      const response = await fetch(`${base}/api/products/import?${query}`, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: await openAsBlob(file) });
      const report = (await response.json()) as { totals?: { created: number; errors: number } };
      if (response.status !== 200 || report.totals?.created !== products) throw new Error(`import ${query}: ${response.status} ${JSON.stringify(report).slice(0, 500)}`);
      return size;
    };
    const importDryRun = await phase('import, dry run', pid, products, () => importOnce('dryRun=true'));
    const importReal = await phase('import', pid, products, () => importOnce('mode=create'));
    return { db, products, exportCsv, exportNdjson, importDryRun, importReal };
  } finally {
    if (service && service.child.exitCode === null) {
      const exited = new Promise((resolve) => service?.child.once('exit', resolve));
      service.child.kill('SIGTERM');
      await exited;
    }
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' }, products: { type: 'string', default: '100000' } } });
  const figures = await measureImportExport({ db: values.db === 'postgres' ? 'postgres' : 'sqlite', products: Number(values.products) });
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
