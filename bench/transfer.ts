import { asData, withoutServerFields } from '../src/domain/product-document.js';
import { generateProduct, type SeedOwner } from '../src/seed/generate-products.js';
import { Random } from '../src/seed/random.js';
import { BENCH_SHAPE } from './catalogue-shape.js';
import type { Measurement } from './measurement.js';
import type { ScenarioContext } from './scenarios.js';
import { serviceCpuMicroseconds, serviceRssMb, type Service } from './service.js';

/** Rows of the import file: enough to take seconds, few enough not to change the catalogue's size much. */
const IMPORT_ROWS = 10_000;

/** Runs `work`, sampling the service's RSS every 100 ms: its peak, and the CPU time the work took. */
async function watched<T>(service: Service, work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRssMb: number; cpu: number }> {
  let peakRssMb = serviceRssMb(service);
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, serviceRssMb(service))), 100);
  const cpuBefore = serviceCpuMicroseconds(service);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peakRssMb: Math.max(peakRssMb, serviceRssMb(service)), cpu: serviceCpuMicroseconds(service) - cpuBefore };
  } finally {
    clearInterval(sampler);
  }
}

function rowsMeasurement(service: Service, scenario: 'export' | 'import', title: string, rows: number, run: { seconds: number; peakRssMb: number; cpu: number }, note: string): Measurement {
  return {
    scenario,
    title,
    build: service.build.label,
    connections: 1,
    requestsPerSecond: Math.round(rows / run.seconds),
    p50: 0,
    p99: 0,
    requests: rows,
    failures: 0,
    cpuMicrosecondsPerRequest: Math.round(run.cpu / Math.max(1, rows)),
    note: `${rows} rows in ${run.seconds.toFixed(1)} s, service RSS peak ${Math.round(run.peakRssMb)} MB${note}; rows/s and CPU per row`,
  };
}

/** The whole catalogue exported as NDJSON by an administrator, read as it streams: rows a second and the service's peak RSS. */
export async function measureExport(service: Service, context: ScenarioContext): Promise<Measurement> {
  const run = await watched(service, async () => {
    const response = await fetch(`${service.url}/api/products/export?format=ndjson`, { headers: { authorization: `Bearer ${context.token}` } });
    if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
    let rows = 0;
    for await (const chunk of response.body) for (const byte of chunk as Uint8Array) if (byte === 10) rows++;
    return rows;
  });
  return rowsMeasurement(service, 'export', 'GET /api/products/export?format=ndjson (rows/s)', run.result, run, '');
}

/** Import files made so far: each holds new products (ids, slugs) of its own. */
let files = 0;

/** New products of the bench's shape, as NDJSON lines of the documents a create takes (with their ids). */
function importFile(context: ScenarioContext, rows: number): string {
  const first = 2_000_000 + files++ * rows;
  const rng = new Random(first);
  const now = Date.now();
  const { owners, mediaIds } = context.catalogue;
  const lines: string[] = [];
  for (let index = 0; index < rows; index++) {
    const doc = generateProduct(rng, first + index, owners[index % owners.length] as SeedOwner, mediaIds, BENCH_SHAPE, now);
    lines.push(JSON.stringify({ id: doc.id, ...withoutServerFields(asData(doc)) }));
  }
  return `${lines.join('\n')}\n`;
}

/** An NDJSON file of new products imported twice: as a dry run, then for real; rows a second and the service's peak RSS of each. */
export async function measureImport(service: Service, context: ScenarioContext): Promise<Measurement[]> {
  const rows = Math.min(IMPORT_ROWS, context.catalogue.productIds.length);
  const file = importFile(context, rows);
  const measurements: Measurement[] = [];
  for (const dryRun of [true, false]) {
    const run = await watched(service, async () => {
      const response = await fetch(`${service.url}/api/products/import?mode=create&dryRun=${dryRun}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${context.token}`, 'content-type': 'application/x-ndjson' },
        body: file,
      });
      if (!response.ok) throw new Error(`import: ${response.status} ${(await response.text()).slice(0, 500)}`);
      await response.arrayBuffer();
    });
    measurements.push(rowsMeasurement(service, 'import', `POST /api/products/import, NDJSON${dryRun ? ', dry run' : ''} (rows/s)`, rows, run, ` (${(file.length / 2 ** 20).toFixed(1)} MB)`));
  }
  return measurements;
}
