import autocannon, { type Options, type Result } from 'autocannon';
import { Latencies } from './latencies.js';

export interface Load {
  /** Successful (2xx) answers a second over the measured time. */
  requestsPerSecond: number;
  /** Percentiles of the successful answers, in milliseconds to the microsecond. */
  p50: number;
  p99: number;
  /** Every answer, successful or not (what CPU time is divided by). */
  requests: number;
  /** Non-2xx answers, errors and timeouts. */
  failures: number;
  /** Status codes of the failed answers, counted. */
  failedStatuses: Record<string, number>;
  seconds: number;
  /**
   * This process's CPU time over the measured time: the load generator's share of its core.
   * Near 1, the generator is the limit and req/s says less about the server than its CPU does.
   */
  loadCpuShare: number;
}

const round = (milliseconds: number) => Number(milliseconds.toFixed(3));

/** One autocannon run, in this process (pinned to the load CPU by run.ts). */
export async function drive(options: Options): Promise<Load> {
  const latencies = new Latencies();
  let succeeded = 0;
  let answered = 0;
  const failedStatuses: Record<string, number> = {};
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon({ ...options }, (error: unknown, done: Result) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      answered++;
      if (statusCode >= 200 && statusCode < 300) {
        succeeded++;
        latencies.add(responseTime);
      } else {
        failedStatuses[statusCode] = (failedStatuses[statusCode] ?? 0) + 1;
      }
    });
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  if (result.errors > 0) failedStatuses.errors = result.errors;
  if (result.timeouts > 0) failedStatuses.timeouts = result.timeouts;
  return {
    requestsPerSecond: succeeded / seconds,
    p50: round(latencies.percentile(50)),
    p99: round(latencies.percentile(99)),
    requests: answered,
    failures: answered - succeeded + result.errors + result.timeouts,
    failedStatuses,
    seconds,
    loadCpuShare: Number(((cpu.user + cpu.system) / 1e6 / seconds).toFixed(2)),
  };
}
