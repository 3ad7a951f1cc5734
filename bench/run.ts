import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildKnowsConfigKey, buildRef, type Build } from './builds.js';
import { login, seededService, type Catalogue } from './catalogue.js';
import { DatabaseProbe } from './database-load.js';
import { freshDatabase, keptDatabase, type BenchDatabase } from './database.js';
import { measureSse, measureWebhooks } from './events.js';
import { measureLoginBurst } from './login-burst.js';
import { measureLoad, type MeasureSettings, type Measurement } from './measurement.js';
import { parseOptions, SCENARIOS, type BenchOptions, type ScenarioName } from './options.js';
import { canPin, pinSelfToLoadCpu } from './pinning.js';
import { Endpoints } from './probe.js';
import { References } from './references.js';
import { comparison, markdown, type Figure, type Skipped } from './report.js';
import { LOAD_SCENARIOS, WRITE_CONNECTIONS, type ScenarioContext } from './scenarios.js';
import { serviceRssMb, startService, type Service, type ServiceSettings } from './service.js';
import { settled } from './settle.js';
import { measureExport, measureImport } from './transfer.js';

/**
 * `npm run bench -- --help` lists the options; docs/benchmark.md says how it measures. Each
 * scenario's rate is divided by a bare reference server's measured right before and right
 * after it, the service and the references pinned to CPU 0 and this process (the load
 * generator) to CPU 1.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const log = (message: string) => process.stderr.write(`${message}\n`);

/** One build's service on its own seeded database. */
interface Subject {
  build: Build;
  database: BenchDatabase;
  service: Service;
  context: ScenarioContext;
  endpoints: Endpoints;
  settings: ServiceSettings;
  /** Its read scenario's measurement: the login burst's reads are judged against it. */
  readAlone?: Measurement;
  /** PostgreSQL's commits and CPU over each load scenario (--db postgres). */
  probe?: DatabaseProbe;
}

/** Later features' scenarios: what they need of the service. */
const NEEDS: Partial<Record<ScenarioName, { method: 'GET' | 'POST'; path: string; sample?: (catalogue: Catalogue) => string }>> = {
  webhooks: { method: 'POST', path: '/api/webhooks', sample: () => '/api/webhooks' },
  sse: { method: 'GET', path: '/api/events', sample: () => '/api/events' },
  export: { method: 'GET', path: '/api/products/export', sample: () => '/api/products/export?format=ndjson' },
  import: { method: 'POST', path: '/api/products/import' },
};

function thisBuild(): Build {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = git('status', '--porcelain', '--untracked-files=no') ? '+changes' : '';
  return { label: `${git('rev-parse', '--short', 'HEAD')}${dirty}`, root: ROOT };
}

async function prepare(build: Build, options: BenchOptions, work: string, index: number): Promise<Subject> {
  const database = options.seeded ? keptDatabase(options.seeded) : await freshDatabase(options.db, options.postgresUrl, work, `build${index}`);
  const settings: ServiceSettings = {
    pin: options.pin,
    instances: options.instances,
    cpuProf: options.cpuProf,
    root: ROOT,
    // A webhook to the loopback receiver needs private addresses allowed, in a build that knows the key.
    extraConfig: (await buildKnowsConfigKey(build, 'webhooks')) ? { webhooks: { allowPrivateAddresses: true } } : {},
  };
  log(`${build.label}: seeding ${options.products} products ${options.seed === 'api' ? 'through the API' : 'in bulk'}`);
  const { service, catalogue } = await seededService(build, database, options.products, options.seed, settings, options.seeded !== undefined);
  const context: ScenarioContext = { catalogue, token: await login(service.url, catalogue.admin), readConnections: options.connections };
  const probe = options.db === 'postgres' ? await DatabaseProbe.open(options.postgresUrl, database.url) : undefined;
  return { build, database, service, context, endpoints: await Endpoints.of(service.url), settings, ...(probe ? { probe } : {}) };
}

/** The bodies B1 and B2 send: one product at depth 1 and one list page of 20, as the service answered them. */
async function referenceBodies(subject: Subject): Promise<{ B1: Buffer; B2: Buffer }> {
  const body = async (path: string) => {
    const response = await fetch(subject.service.url + path);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
  return {
    B1: await body(`/api/products/${subject.context.catalogue.publishedIds[0]}?depth=1`),
    B2: await body('/api/products?limit=20&page=5&where[settings.published][equals]=true&sort=-createdAt'),
  };
}

/** Whether the service has what a scenario needs; the reason when it has not. */
async function missing(scenario: ScenarioName, subject: Subject): Promise<string | undefined> {
  const need = LOAD_SCENARIOS[scenario]?.endpoint ?? NEEDS[scenario];
  if (!need) return undefined;
  if (await subject.endpoints.has(need.method, need.path, need.sample?.(subject.context.catalogue))) return undefined;
  return `${subject.build.label} has no ${need.method} ${need.path}`;
}

async function measure(scenario: ScenarioName, subject: Subject, references: References, settings: MeasureSettings): Promise<Measurement[]> {
  const { service, context } = subject;
  const definition = LOAD_SCENARIOS[scenario];
  if (definition) {
    const connections = definition.writes ? WRITE_CONNECTIONS : context.readConnections;
    const measured = await measureLoad(service, references, settings, { ...definition, scenario, connections, load: definition.load(context) }, subject.probe);
    if (scenario === 'read') subject.readAlone = measured;
    return [measured];
  }
  // The rest measure no reference: the next scenario's "before" is measured afresh.
  if (scenario === 'login-burst') return [await measureLoginBurst(service, references, settings, context, subject.readAlone)];
  references.interrupted();
  if (scenario === 'webhooks') return [await measureWebhooks(service, settings, context)];
  if (scenario === 'sse') return [await measureSse(service, settings, context)];
  if (scenario === 'export') return [await measureExport(service, context)];
  if (scenario === 'import') return measureImport(service, context);
  throw new Error(`no measure for ${scenario}`);
}

/** RSS now, then the service stopped, its database's size, and a restart on it timed to ready. */
async function finalFigures(subject: Subject, options: BenchOptions): Promise<Figure[]> {
  const build = subject.build.label;
  const rss = serviceRssMb(subject.service);
  await subject.service.stop();
  const size = await subject.database.sizeBytes();
  const restarted = await startService(subject.build, subject.database, subject.settings);
  await restarted.stop();
  return [
    { name: 'service RSS at the end of the run', build, value: Math.round(rss), unit: 'MB', target: '≤ 300 MB', pass: rss <= 300 },
    { name: `start-up to ready, ${options.products.toLocaleString('en-US')} products`, build, value: restarted.startupMs, unit: 'ms', target: '≤ 2,000 ms', pass: restarted.startupMs <= 2000, note: 'a restart after the run: spawn to 200 on /ready' },
    { name: 'database on disk', build, value: Math.round(size / 2 ** 20), unit: 'MB', note: options.db === 'sqlite' ? 'the file with its WAL, after a clean stop' : 'pg_database_size' },
  ];
}

/** With --baseline: each list's p50 here as a multiple of its p50 in a run on a smaller catalogue. */
function scaleFigures(measurements: Measurement[], baselineFile: string, products: number): Figure[] {
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as { products: number; measurements: Measurement[] };
  const figures: Figure[] = [];
  for (const scenario of ['list', 'location-price', 'q', 'available'] as const) {
    const then = baseline.measurements.find((m) => m.scenario === scenario);
    for (const now of measurements.filter((m) => m.scenario === scenario)) {
      if (!then || then.p50 === 0) continue;
      const name = `${now.title}: p50 at ${products} ÷ at ${baseline.products}`;
      // No successful answer within the measure, no p50: that is no pass.
      if (now.p50 === 0) {
        figures.push({ name, build: now.build, value: 0, unit: '×', target: '≤ 1.5', pass: false, note: `no answer within the measure, against ${then.p50} ms` });
        continue;
      }
      const factor = Number((now.p50 / then.p50).toFixed(2));
      figures.push({ name, build: now.build, value: factor, unit: '×', target: '≤ 1.5', pass: factor <= 1.5, note: `${now.p50} ms against ${then.p50} ms` });
    }
  }
  return figures;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const pinned = options.pin && canPin();
  if (options.pin && !pinned) log('not pinned: this machine has one core, or no taskset');
  if (pinned) pinSelfToLoadCpu();
  options.pin = pinned;
  const settings: MeasureSettings = { duration: options.duration, warmup: options.warmup };
  const work = mkdtempSync(join(tmpdir(), 'rental-bench-'));
  const subjects: Subject[] = [];
  const references = new References(ROOT, { duration: options.duration, warmup: options.warmup, pin: pinned });
  try {
    const builds = options.compare ? [await buildRef(ROOT, options.compare, work), thisBuild()] : [thisBuild()];
    log(`Bench on ${options.db}, ${options.products} products seeded ${options.seed === 'api' ? 'through the API' : 'in bulk'}, ${options.duration} s per measure${options.instances ? `, ${options.instances} instance(s) behind HAProxy` : ''}; ${cpus().length} cores${pinned ? ', service and references on CPU 0, load on CPU 1' : ', not pinned'}`);
    for (const [index, build] of builds.entries()) subjects.push(await prepare(build, options, work, index));
    for (const subject of subjects) log(`${subject.build.label}: idle ${await settled(subject.service)} ms after seeding`);
    await references.start(await referenceBodies(subjects.at(-1) as Subject), work);
    log(`references: B1 ${references.bytes.get('B1')} B, B2 ${references.bytes.get('B2')} B`);

    const measurements: Measurement[] = [];
    const skipped: Skipped[] = [];
    for (const scenario of SCENARIOS.filter((name) => options.scenarios.has(name))) {
      const absent = (await Promise.all(subjects.map((subject) => missing(scenario, subject)))).find(Boolean);
      if (absent) {
        log(`${scenario}: skipped, ${absent}`);
        skipped.push({ scenario, reason: absent });
        continue;
      }
      for (let pair = 0; pair < (options.compare ? options.pairs : 1); pair++) {
        for (const subject of subjects) {
          log(`${scenario}${options.compare ? ` (${subject.build.label}, pair ${pair + 1})` : ''}`);
          for (const measured of await measure(scenario, subject, references, settings)) {
            measured.rssMb = Math.round(serviceRssMb(subject.service));
            measurements.push(measured);
            log(`  ${measured.requestsPerSecond} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms${measured.ratio !== undefined ? `, ${measured.ratio} of ${measured.reference?.name}` : ''}, ${measured.cpuMicrosecondsPerRequest} µs CPU each${measured.loadCpuShare !== undefined ? `, load generator ${Math.round(measured.loadCpuShare * 100)} % of its core` : ''}${measured.failures ? `, ${measured.failures} failed` : ''}, RSS ${measured.rssMb} MB after`);
          }
        }
      }
    }
    await references.stop();
    const figures: Figure[] = [];
    for (const subject of subjects) figures.push(...(await finalFigures(subject, options)));
    if (options.baseline) figures.push(...scaleFigures(measurements, options.baseline, options.products));

    const compared = subjects.length > 1;
    console.log(markdown(measurements, figures, skipped, compared));
    if (compared) console.log(`\n${comparison(measurements, builds[0]?.label ?? '', builds[1]?.label ?? '')}`);
    const machine = { cores: cpus().length, model: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, pinned };
    const { scenarios, ...rest } = options;
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    const file = join(ROOT, `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-${options.db}-${options.seed}${options.instances ? `-${options.instances}-instances` : ''}${compared ? '-compare' : ''}.json`);
    writeFileSync(file, `${JSON.stringify({ ...rest, scenarios: [...scenarios], builds: builds.map((build) => build.label), machine, measurements, figures, skipped }, null, 2)}\n`);
    log(`results written to ${file}`);
  } finally {
    await references.stop();
    for (const subject of subjects) {
      await subject.probe?.close();
      await subject.service.stop();
      await subject.database.drop();
    }
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
