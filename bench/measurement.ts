import { DatabaseProbe, type DatabaseLoad } from './database-load.js';
import { drive, type DriveOptions, type Load } from './load.js';
import type { ScenarioName } from './options.js';
import type { ReferenceMeasure, ReferenceName, References } from './references.js';
import { balancerCpuMicroseconds, serviceCpuMicroseconds, type Service } from './service.js';

/** What a scenario must reach: a share of its adjacent reference, a rate, a bound on p99 ÷ p50. */
export interface Target {
  ratio?: number;
  rate?: number;
  tail?: number;
  /** p99 at most this many times `p99Alone`, the same requests' p99 with nothing beside them. */
  besideFactor?: number;
}

/** One scenario measured on one build. */
export interface Measurement {
  scenario: ScenarioName;
  title: string;
  build: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  failedStatuses?: Record<string, number>;
  /** The service's CPU time (all processes, all threads, user + system) per answer. */
  cpuMicrosecondsPerRequest: number;
  /** The load generator's share of its core over the measure (see Load). */
  loadCpuShare?: number;
  reference?: { name: ReferenceName; before: number; after: number };
  /** req/s ÷ the mean of the reference before and after ("÷ adjacent"), to 4 decimals: targets are judged on it as shown. */
  ratio?: number;
  target?: Target;
  /** With besideFactor: the p99 of the same requests measured alone. */
  p99Alone?: number;
  /** HAProxy's CPU time per answer (--instances). */
  balancerCpuMicrosecondsPerRequest?: number;
  /** PostgreSQL's side of the measured seconds (--db postgres). */
  database?: DatabaseLoad;
  pass?: boolean;
  note?: string;
  /** The service's RSS (all its processes) right after the scenario, in MB: which scenario grows it. */
  rssMb?: number;
}

export interface MeasureSettings {
  duration: number;
  warmup: number;
}

const rounded = (value: number, digits: number) => Number(value.toFixed(digits));

export function describeTarget(target: Target | undefined, reference: ReferenceName | undefined): string {
  if (!target) return '';
  return [
    target.ratio !== undefined ? `≥ ${target.ratio} × ${reference}` : '',
    target.rate !== undefined ? `≥ ${target.rate}/s` : '',
    target.tail !== undefined ? `p99 ≤ ${target.tail} × p50` : '',
    target.besideFactor !== undefined ? `p99 ≤ ${target.besideFactor} × p99 alone` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Whether a measurement meets its target, with no failed answer. */
export function judge(measurement: Measurement): Measurement {
  const { target } = measurement;
  if (!target) return measurement;
  const pass =
    measurement.failures === 0 &&
    (target.ratio === undefined || (measurement.ratio ?? 0) >= target.ratio) &&
    (target.rate === undefined || measurement.requestsPerSecond >= target.rate) &&
    (target.tail === undefined || measurement.p99 <= target.tail * measurement.p50) &&
    (target.besideFactor === undefined || (measurement.p99Alone !== undefined && measurement.p99 <= target.besideFactor * measurement.p99Alone));
  return { ...measurement, pass };
}

export interface LoadScenario {
  scenario: ScenarioName;
  title: string;
  reference: ReferenceName;
  connections: number;
  target?: Target;
  /** autocannon's options for the run (url, connections and duration are added). */
  load: Omit<DriveOptions, 'url' | 'connections' | 'duration'>;
}

/** The reference before, the scenario (after its warm-up), the reference after; CPU time taken over the measured run only. */
export async function measureLoad(service: Service, references: References, settings: MeasureSettings, scenario: LoadScenario, probe?: DatabaseProbe): Promise<Measurement> {
  const before = await references.before(scenario.reference, scenario.connections);
  const options = { ...scenario.load, url: service.url, connections: scenario.connections };
  if (settings.warmup > 0) await drive({ ...options, duration: settings.warmup });
  const databaseBefore = await probe?.sample();
  const cpuBefore = serviceCpuMicroseconds(service);
  const balancerBefore = balancerCpuMicroseconds(service);
  const load = await drive({ ...options, duration: settings.duration });
  const cpu = serviceCpuMicroseconds(service) - cpuBefore;
  const balancer = balancerCpuMicroseconds(service) - balancerBefore;
  const databaseAfter = await probe?.sample();
  const after = await references.after(scenario.reference, scenario.connections);
  const measured = fromLoad(scenario, service, load, cpu, before, after);
  if (service.balancerPids) measured.balancerCpuMicrosecondsPerRequest = Math.round(balancer / Math.max(1, load.requests));
  if (databaseBefore && databaseAfter) measured.database = DatabaseProbe.between(databaseBefore, databaseAfter, load.requests);
  return judge(measured);
}

export function fromLoad(scenario: Omit<LoadScenario, 'load'>, service: Service, load: Load, cpuMicroseconds: number, before?: ReferenceMeasure, after?: ReferenceMeasure): Measurement {
  const adjacent = before && after ? (before.requestsPerSecond + after.requestsPerSecond) / 2 : undefined;
  const failed = Object.keys(load.failedStatuses).length > 0;
  return {
    scenario: scenario.scenario,
    title: scenario.title,
    build: service.build.label,
    connections: scenario.connections,
    requestsPerSecond: Math.round(load.requestsPerSecond),
    p50: load.p50,
    p99: load.p99,
    requests: load.requests,
    failures: load.failures,
    ...(failed ? { failedStatuses: load.failedStatuses } : {}),
    cpuMicrosecondsPerRequest: Math.round(cpuMicroseconds / Math.max(1, load.requests)),
    loadCpuShare: load.loadCpuShare,
    ...(before && after && adjacent
      ? { reference: { name: before.name, before: Math.round(before.requestsPerSecond), after: Math.round(after.requestsPerSecond) }, ratio: rounded(load.requestsPerSecond / adjacent, 4) }
      : {}),
    ...(scenario.target ? { target: scenario.target } : {}),
  };
}
