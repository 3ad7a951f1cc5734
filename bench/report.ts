import type { DatabaseLoad } from './database-load.js';
import { describeTarget, type Measurement } from './measurement.js';

/** A figure that is not a load: RSS, start-up, size on disk, a scale factor. */
export interface Figure {
  name: string;
  build: string;
  value: number;
  unit: string;
  target?: string;
  pass?: boolean;
  note?: string;
}

export interface Skipped {
  scenario: string;
  reason: string;
}

const ok = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? 'yes' : '**no**');
const number = (value: number) => (value === 0 ? '' : value.toLocaleString('en-US'));
const databaseNote = (load: DatabaseLoad) =>
  `PostgreSQL committed ${number(load.transactionsPerSecond) || 0} transactions/s (${load.transactionsPerRequest} per answer)` +
  (load.cpuMicrosecondsPerRequest !== undefined ? `, its CPU ${load.cpuMicrosecondsPerRequest} µs per answer (${load.cores} of a core)` : '');

/** The table that goes into the README: one line per measurement, then the figures. */
export function markdown(measurements: Measurement[], figures: Figure[], skipped: Skipped[], compared: boolean): string {
  const build = (label: string) => (compared ? ` | ${label}` : '');
  const lines = [
    `| scenario${compared ? ' | build' : ''} | conn. | req/s | p50 ms | p99 ms | p99 ÷ p50 | reference before / after | ÷ adjacent | target | met | CPU µs/req | RSS MB after |`,
    `|---${compared ? '|---' : ''}|---:|---:|---:|---:|---:|---|---:|---|---|---:|---:|`,
  ];
  for (const m of measurements) {
    const tail = m.p50 > 0 ? (m.p99 / m.p50).toFixed(1) : '';
    const reference = m.reference ? `${m.reference.name} ${number(m.reference.before)} / ${number(m.reference.after)}` : '';
    const failures = m.failures > 0 ? ` (${m.failures} failed${m.failedStatuses ? `: ${Object.entries(m.failedStatuses).map(([status, count]) => `${count}× ${status}`).join(', ')}` : ''})` : '';
    lines.push(
      `| ${m.title}${failures}${build(m.build)} | ${m.connections} | ${number(m.requestsPerSecond)} | ${m.p50 || ''} | ${m.p99 || ''} | ${tail} | ${reference} | ${m.ratio ?? ''} | ${describeTarget(m.target, m.reference?.name)} | ${ok(m.pass)} | ${m.cpuMicrosecondsPerRequest} | ${m.rssMb ?? ''} |`,
    );
  }
  if (figures.length > 0) {
    lines.push('', `| figure${compared ? ' | build' : ''} | value | target | met | note |`, `|---${compared ? '|---' : ''}|---:|---|---|---|`);
    for (const f of figures) lines.push(`| ${f.name}${build(f.build)} | ${f.value.toLocaleString('en-US')} ${f.unit} | ${f.target ?? ''} | ${ok(f.pass)} | ${f.note ?? ''} |`);
  }
  const notes = measurements.filter((m) => m.note).map((m) => `- ${m.title}${compared ? ` (${m.build})` : ''}: ${m.note}`);
  for (const m of measurements.filter((measured) => measured.database || measured.balancerCpuMicrosecondsPerRequest !== undefined)) {
    const balancer = m.balancerCpuMicrosecondsPerRequest !== undefined ? `HAProxy's CPU ${m.balancerCpuMicrosecondsPerRequest} µs per answer` : '';
    notes.push(`- ${m.title}${compared ? ` (${m.build})` : ''}: ${[balancer, m.database ? databaseNote(m.database) : ''].filter(Boolean).join('; ')}`);
  }
  if (notes.length > 0) lines.push('', ...notes);
  if (skipped.length > 0) lines.push('', ...skipped.map((s) => `- skipped ${s.scenario}: ${s.reason}`));
  return lines.join('\n');
}

/**
 * With --compare: per scenario, the ratios (or rates) of the two builds pair by pair, and in
 * how many pairs the checkout beat the other build. A change is kept when it wins every pair.
 */
export function comparison(measurements: Measurement[], base: string, candidate: string): string {
  const lines = [`| scenario | ${base} | ${candidate} | ${candidate} wins | CPU µs/req ${base} → ${candidate} |`, '|---|---|---|---|---|'];
  const scenarios = [...new Set(measurements.map((m) => m.title))];
  for (const title of scenarios) {
    const of = (label: string) => measurements.filter((m) => m.title === title && m.build === label);
    const a = of(base);
    const b = of(candidate);
    const score = (m: Measurement) => (m.scenario === 'sse' ? -m.p99 : (m.ratio ?? m.requestsPerSecond));
    const tail = (m: Measurement) => (m.target?.tail !== undefined && m.p50 > 0 ? ` (p99 ${(m.p99 / m.p50).toFixed(1)} × p50)` : '');
    const show = (m: Measurement) => (m.scenario === 'sse' ? `p99 ${m.p99}` : `${m.ratio !== undefined ? String(m.ratio) : `${m.requestsPerSecond}/s`}${tail(m)}`);
    const wins = b.filter((m, index) => a[index] !== undefined && score(m) > score(a[index] as Measurement)).length;
    const cpu = (list: Measurement[]) => list.map((m) => m.cpuMicrosecondsPerRequest).join(', ');
    lines.push(`| ${title} | ${a.map(show).join(', ')} | ${b.map(show).join(', ')} | ${wins} of ${Math.min(a.length, b.length)} | ${cpu(a)} → ${cpu(b)} |`);
  }
  return lines.join('\n');
}
