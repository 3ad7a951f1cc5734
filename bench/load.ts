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

/** autocannon's options, and how built requests are shared out. */
export interface DriveOptions extends Options {
  /**
   * With `requests` built beforehand: one autocannon per connection, each with its own share of
   * them. One autocannon sends every connection through the same list from its start, so its
   * connections would ask for the same product at nearly the same moment.
   */
  staggered?: boolean;
}

/** The autocannon runs of a drive: one, or one per connection (staggered). Each builds its requests' bytes as it starts. */
function runsOf({ staggered, ...options }: DriveOptions): Options[] {
  const { requests, connections = 10 } = options;
  if (!staggered || !requests || requests.length < connections) return [options];
  const step = Math.floor(requests.length / connections);
  return Array.from({ length: connections }, (_, index) => ({
    ...options,
    connections: 1,
    requests: requests.slice(index * step, (index + 1) * step),
  }));
}

/** One autocannon run, or one per connection (see DriveOptions), in this process (pinned to the load CPU by run.ts). */
export async function drive(options: DriveOptions): Promise<Load> {
  const latencies = new Latencies();
  let succeeded = 0;
  let answered = 0;
  const failedStatuses: Record<string, number> = {};
  // Each autocannon builds its requests as it is made, before it sends any: not measured.
  const running = runsOf(options).map(
    (run) =>
      new Promise<Result>((resolve, reject) => {
        const instance = autocannon(run, (error: unknown, done: Result) => (error ? reject(error) : resolve(done)));
        instance.on('response', (_client, statusCode, _bytes, responseTime) => {
          answered++;
          if (statusCode >= 200 && statusCode < 300) {
            succeeded++;
            latencies.add(responseTime);
          } else {
            failedStatuses[statusCode] = (failedStatuses[statusCode] ?? 0) + 1;
          }
        });
      }),
  );
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const results = await Promise.all(running);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const timeouts = results.reduce((sum, result) => sum + result.timeouts, 0);
  if (errors > 0) failedStatuses.errors = errors;
  if (timeouts > 0) failedStatuses.timeouts = timeouts;
  return {
    requestsPerSecond: succeeded / seconds,
    p50: round(latencies.percentile(50)),
    p99: round(latencies.percentile(99)),
    requests: answered,
    failures: answered - succeeded + errors + timeouts,
    failedStatuses,
    seconds,
    loadCpuShare: Number(((cpu.user + cpu.system) / 1e6 / seconds).toFixed(2)),
  };
}
