import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { Latencies } from './latencies.js';
import { freePort, NODE_FLAGS, START_SCRIPT } from '../scripts/start-command.js';
import type { SeedOwner } from '../src/seed/generate-products.js';
import { seedThroughApi } from './seed-through-api.js';
import { measureImportExport, type PhaseFigures } from './import-export.js';

/**
 * `npm run bench [-- --db postgres] [--duration 10] [--products 100000] [--seed api] [--import-export false]`
 * Every target is a ratio to a bare Fastify server measured in the same run.
 */
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    products: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    seed: { type: 'string', default: 'bulk' },
    /** Products' import and export (issue 47, bench/import-export.ts): on by default. */
    'import-export': { type: 'string', default: 'true' },
  },
});
if (args.seed !== 'bulk' && args.seed !== 'api') throw new Error(`--seed is bulk (the default) or api, not ${args.seed}`);
/** bulk: products written straight into the database before the service starts; api: created through it. */
const SEED = args.seed;
const DB = args.db === 'postgres' ? 'postgres' : 'sqlite';
const DURATION = Number(args.duration);
const PRODUCTS = Number(args.products);
const SMALL = Math.max(1, Math.round(PRODUCTS / 10));
const CONNECTIONS = Number(args.connections);
const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'rental-bench-'));

interface Row {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratio?: number;
  target?: string;
  pass?: boolean;
  note?: string;
}
const rows: Row[] = [];
const log = (message: string) => process.stderr.write(`${message}\n`);

interface Server {
  child: ChildProcess;
  url: string;
  startupMs: number;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} not ready in time`);
}

async function startNode(script: string, env: Record<string, string>, readyPath: string): Promise<Server> {
  const port = await freePort();
  const started = Date.now();
  // Node's flags as `npm start` gives them, for the service and the bare servers alike.
  const child = spawn(process.execPath, [...NODE_FLAGS, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + readyPath, child);
  return { child, url, startupMs: Date.now() - started };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

function rssMb(server: Server): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Measured {
  result: Result;
  /** Percentiles of successful responses, in milliseconds to the microsecond. */
  p50: number;
  p99: number;
}

async function cannon(options: Options): Promise<Measured> {
  const latencies = new Latencies();
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error: unknown, done: Result) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.add(responseTime);
    });
  });
  return { result, p50: round(latencies.percentile(50)), p99: round(latencies.percentile(99)) };
}

/** The bare server's rate for a small constant, what every ratio is taken to. */
async function measureCeiling(): Promise<Measured> {
  const bare = await startNode('bench/ceiling-server.mjs', {}, '/');
  try {
    return await cannon({ url: `${bare.url}/` });
  } finally {
    await stop(bare);
  }
}

const round = (milliseconds: number) => Number(milliseconds.toFixed(3));

function record(scenario: string, { result, p50, p99 }: Measured, ceiling?: number, target?: number, note?: string): Row {
  const requestsPerSecond = result.requests.average;
  const failures = result.non2xx + result.errors + result.timeouts;
  const row: Row = {
    scenario,
    requestsPerSecond: Math.round(requestsPerSecond),
    p50,
    p99,
    ...(ceiling ? { ratio: Number((requestsPerSecond / ceiling).toFixed(3)) } : {}),
    ...(target !== undefined && ceiling ? { target: `≥ ${target}`, pass: requestsPerSecond / ceiling >= target && failures === 0 } : {}),
    ...(note || failures ? { note: [note, failures ? `${failures} failed responses` : ''].filter(Boolean).join('; ') } : {}),
  };
  rows.push(row);
  log(`  ${scenario}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${row.ratio !== undefined ? `, ratio ${row.ratio}` : ''}${failures ? `, ${failures} failures` : ''}`);
  return row;
}

const adminPg = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

async function freshDatabase(name: string): Promise<{ url: string; dataDir: string }> {
  const dataDir = join(work, name);
  mkdirSync(dataDir, { recursive: true });
  if (DB === 'sqlite') return { url: `file:${dataDir}/rental.db`, dataDir };
  const client = new pg.Client({ connectionString: adminPg });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminPg);
  url.pathname = `/${name}`;
  return { url: url.toString(), dataDir };
}

interface Seeded {
  productIds: string[];
  publishedIds: string[];
  admin: { email: string; password: string };
}

async function seed(database: { url: string; dataDir: string }, count: number): Promise<Seeded & { owners: SeedOwner[]; mediaIds: string[] }> {
  const started = Date.now();
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/seed-bench.ts', database.url, database.dataDir, String(count)], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  // The seed's dirty pages (over a GB at 100,000 products) would otherwise be written out by
  // the kernel during the first scenarios, on the same cores and disk.
  await run('sync');
  log(`  seeded ${count === 0 ? 'the accounts and images' : `${count} products`} in ${((Date.now() - started) / 1000).toFixed(1)} s (written out to disk)`);
  return JSON.parse(stdout) as Seeded & { owners: SeedOwner[]; mediaIds: string[] };
}

async function login(server: Server, admin: Seeded['admin']): Promise<string> {
  const response = await fetch(`${server.url}/api/rents/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!response.ok) throw new Error(`login: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The service started on a fresh database of `count` products, seeded as `--seed` says: in
 * bulk before it starts, or (api) created through it after it has started on the accounts and
 * images alone, each product a `POST /api/products/:id`.
 */
async function seededService(database: { url: string; dataDir: string }, count: number): Promise<Seeded & { server: Server }> {
  const seeded = await seed(database, SEED === 'bulk' ? count : 0);
  const server = await startNode(START_SCRIPT, serviceEnv(database), '/ready');
  if (SEED === 'bulk') return { ...seeded, server };
  const created = await seedThroughApi(server.url, await login(server, seeded.admin), count, seeded, CONNECTIONS);
  await run('sync');
  log(`  created ${count} products through the API, ${Math.round(created.rate)} a second (written out to disk)`);
  return { ...created, admin: seeded.admin, server };
}

const serviceEnv = (database: { url: string; dataDir: string }) => ({
  DATABASE_URL: database.url,
  DATA_DIR: database.dataDir,
  RENTAL_CONFIG: join(ROOT, 'bench/bench.config.ts'),
  RENTAL_SECRET: 'benchmark-secret-benchmark-secret-0123456789',
});

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const TOWNS = ['Brno', 'Praha', 'Ostrava', 'Plzeň', 'Olomouc', 'Liberec'];
const WORDS = ['vrtacka', 'sekacka', 'kolo', 'stan', 'kajak', 'projektor', 'zebrik', 'dron'];
const listPath = (pages: number) => () => ({ method: 'GET' as const, path: `/api/products?limit=20&page=${1 + Math.floor(Math.random() * pages)}&where[settings.published][equals]=true&sort=-createdAt` });

/**
 * What the transport alone allows: the bare server sending, as a constant, the bytes of one
 * product at depth 1 and of one list page (informational rows, no targets; the documents are
 * shaped as in the large catalogue). The service cannot beat these; the gap between them and
 * a scenario is the service's own work.
 */
async function transportBounds(server: Server, publishedIds: string[], ceiling: number): Promise<void> {
  const samples = [
    { name: 'one product at depth 1', path: `/api/products/${publishedIds[0]}?depth=1` },
    // A shallow page: a deep one would load the scenario's id list before it is measured.
    { name: 'one list page of 20', path: '/api/products?limit=20&page=5&where[settings.published][equals]=true&sort=-createdAt' },
  ];
  for (const sample of samples) {
    const response = await fetch(server.url + sample.path);
    if (!response.ok) throw new Error(`${sample.path}: ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const file = join(work, 'constant-body.json');
    writeFileSync(file, body);
    const bare = await startNode('bench/ceiling-server.mjs', { CONSTANT_BODY: file }, '/');
    record(`bound: bare Fastify sending ${sample.name} as a constant (${body.length} B)`, await cannon({ url: `${bare.url}/` }), ceiling, undefined, 'the most a server can send of that size here');
    await stop(bare);
  }
}

async function main(): Promise<void> {
  log(`Benchmark on ${DB}: ${PRODUCTS} products seeded ${SEED === 'bulk' ? 'in bulk' : 'through the API'}, ${DURATION} s per scenario, ${CONNECTIONS} connections; ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`);

  log('ceiling: bare Fastify, constant JSON');
  const ceilingResult = await measureCeiling();
  const ceiling = ceilingResult.result.requests.average;
  record('ceiling: bare Fastify {hello:"world"}', ceilingResult, ceiling);

  log(`${SMALL} products`);
  const small = await freshDatabase(`rc_bench_small`);
  const { publishedIds: smallPublished, server: smallServer } = await seededService(small, SMALL);
  const smallList = record(`list published, sort -createdAt (${SMALL} products)`, await cannon({ url: smallServer.url, requests: [{ setupRequest: (req) => ({ ...req, ...listPath(Math.ceil(SMALL * 0.7 / 20))() }) }] }), ceiling);
  // Measured here, before the large catalogue, so that they move nothing the scenarios meet.
  await transportBounds(smallServer, smallPublished, ceiling);
  await stop(smallServer);

  log(`${PRODUCTS} products`);
  const large = await freshDatabase(`rc_bench_large`);
  const { productIds, publishedIds, admin, server } = await seededService(large, PRODUCTS);
  // Seeded through the API, the service started on an empty catalogue: its start-up with the
  // products is timed by a restart after the run.
  if (SEED === 'bulk') recordStartup(server);
  const auth = { authorization: `Bearer ${await login(server, admin)}`, 'content-type': 'application/json' };

  // Anonymous readers see published products: read those.
  const readById = () => ({ method: 'GET' as const, path: `/api/products/${pick(publishedIds)}?depth=1` });
  const read = record('GET /api/products/:id?depth=1, random ids', await cannon({ url: server.url, requests: [{ setupRequest: (req) => ({ ...req, ...readById() }) }] }), ceiling, 0.6);
  const largeList = record(`list published, sort -createdAt (${PRODUCTS} products)`, await cannon({ url: server.url, requests: [{ setupRequest: (req) => ({ ...req, ...listPath(Math.ceil(PRODUCTS * 0.7 / 20))() }) }] }), ceiling, 0.3);
  record('list location equals + price less_than, sort price', await cannon({
    url: server.url,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/products?limit=20&where[basic.location][equals]=${encodeURIComponent(pick(TOWNS))}&where[additional.price][less_than]=${200 + Math.floor(Math.random() * 800)}&sort=additional.price` }) }],
  }), ceiling, 0.25);
  record('q= search, one word', await cannon({ url: server.url, requests: [{ setupRequest: (req) => ({ ...req, path: `/api/products?limit=20&q=${pick(WORDS)}` }) }] }), ceiling, 0.1);
  record('availableFrom/availableTo', await cannon({
    url: server.url,
    requests: [{ setupRequest: (req) => {
      const start = Date.now() + Math.floor(Math.random() * 60) * 86_400_000;
      const from = new Date(start).toISOString().slice(0, 10);
      const to = new Date(start + 3 * 86_400_000).toISOString().slice(0, 10);
      return { ...req, path: `/api/products?limit=20&availableFrom=${from}&availableTo=${to}` };
    } }],
  }), ceiling, 0.15);
  let created = 0;
  record('POST /api/products/:id (authenticated create)', await cannon({
    url: server.url,
    requests: [{ setupRequest: (req) => ({ ...req, method: 'POST', path: `/api/products/bench-${process.pid}-${++created}`, headers: auth, body: JSON.stringify({ basic: { product_name: `Benchmark vrtačka ${created}`, product_desc: 'Nová položka', location: pick(TOWNS) }, additional: { price: 100 + (created % 500), caution: 1000, time_unit: 'day' }, settings: { published: true } }) }) }],
  }), ceiling, 0.15);
  record('PATCH /api/products/:id (authenticated update)', await cannon({
    url: server.url,
    requests: [{ setupRequest: (req) => ({ ...req, method: 'PATCH', path: `/api/products/${pick(productIds)}`, headers: auth, body: JSON.stringify({ additional: { price: 100 + Math.floor(Math.random() * 900) } }) }) }],
  }), ceiling, 0.15);

  log('reads during a burst of logins');
  const burst = cannon({ url: server.url, connections: 4, requests: [{ method: 'POST', path: '/api/rents/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }] });
  const readDuringBurst = cannon({ url: server.url, requests: [{ setupRequest: (req) => ({ ...req, ...readById() }) }] });
  const [burstResult, duringResult] = await Promise.all([burst, readDuringBurst]);
  record('  login burst (argon2id), 4 connections', burstResult);
  const during = record('GET /api/products/:id during the login burst', duringResult, ceiling);
  const p99Factor = during.p99 / read.p99;
  rows.push({ scenario: 'read p99 during burst ÷ p99 without', requestsPerSecond: 0, p50: 0, p99: Number(p99Factor.toFixed(2)), target: '< 3', pass: p99Factor < 3 });

  const scale = largeList.p50 / smallList.p50;
  rows.push({ scenario: `list p50 at ${PRODUCTS} ÷ at ${SMALL}`, requestsPerSecond: 0, p50: Number(scale.toFixed(2)), p99: 0, target: '≤ 1.5', pass: scale <= 1.5, note: `${largeList.p50} ms vs ${smallList.p50} ms` });
  const rss = rssMb(server);
  rows.push({ scenario: 'server RSS after the run (MB)', requestsPerSecond: 0, p50: Math.round(rss), p99: Math.round(rss), target: '≤ 300', pass: rss <= 300 });
  await stop(server);
  if (SEED === 'api') {
    const restarted = await startNode(START_SCRIPT, serviceEnv(large), '/ready');
    recordStartup(restarted);
    await stop(restarted);
  }

  if (args['import-export'] !== 'false') await importExportFigures();

  log('ceiling again, after the run');
  const drift = record('ceiling again, after the run (ratios stay to the first)', await measureCeiling(), ceiling);
  log(`  the machine's ceiling moved by ${((drift.ratio ?? 1) * 100 - 100).toFixed(1)} % during the run`);

  printAndSave();
  rmSync(work, { recursive: true, force: true });
}

/** Rows a second of the products' export and import (dry and real) at PRODUCTS, and the service's RSS meanwhile. */
async function importExportFigures(): Promise<void> {
  log(`import and export of ${PRODUCTS} products`);
  const figures = await measureImportExport({ db: DB, products: PRODUCTS, postgresUrl: adminPg });
  const row = (scenario: string, phase: PhaseFigures) => {
    // The req/s column holds rows a second; the service's RSS is in the scenario's name so that the table shows it.
    rows.push({ scenario: `${scenario}, ${PRODUCTS} products: rows/s; RSS ${phase.rssMb.before} → peak ${phase.rssMb.peak} MB`, requestsPerSecond: phase.rowsPerSecond, p50: 0, p99: 0, note: `${phase.seconds} s, ${phase.megabytes} MB; anonymous memory ${phase.anonymousMb.before} → peak ${phase.anonymousMb.peak} MB` });
  };
  row('export CSV', figures.exportCsv);
  row('export NDJSON', figures.exportNdjson);
  row('import CSV, dry run', figures.importDryRun);
  row('import CSV', figures.importReal);
}

function recordStartup(server: Server): void {
  rows.push({ scenario: `start-up to ready with ${PRODUCTS} products`, requestsPerSecond: 0, p50: server.startupMs, p99: server.startupMs, target: '≤ 2000 ms', pass: server.startupMs <= 2000, note: 'ms from spawn to 200 on /ready' });
  log(`  start-up: ${server.startupMs} ms`);
}

function printAndSave(): void {
  const header = '| scenario | req/s | p50 ms | p99 ms | ratio | target | ok |';
  const lines = [header, '|---|---:|---:|---:|---:|---|---|'];
  for (const row of rows) {
    lines.push(`| ${row.scenario} | ${row.requestsPerSecond || ''} | ${row.p50} | ${row.p99} | ${row.ratio ?? ''} | ${row.target ?? ''} | ${row.pass === undefined ? '' : row.pass ? 'yes' : 'NO'} |`);
  }
  console.log(lines.join('\n'));
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-${DB}${SEED === 'api' ? '-api' : ''}.json`);
  writeFileSync(file, `${JSON.stringify({ db: DB, seed: SEED, products: PRODUCTS, durationSeconds: DURATION, connections: CONNECTIONS, machine: { cores: cpus().length, model: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version }, rows }, null, 2)}\n`);
  log(`results written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
