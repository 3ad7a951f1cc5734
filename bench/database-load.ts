import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** What PostgreSQL did while one scenario was measured: its share of the requests' cost. */
export interface DatabaseLoad {
  /** Transactions committed in the bench's database a second (pg_stat_database.xact_commit). */
  transactionsPerSecond: number;
  transactionsPerRequest: number;
  /** CPU time of every PostgreSQL process per answer; absent when the server is not on this machine. */
  cpuMicrosecondsPerRequest?: number;
  /** That CPU time as a share of one core over the measured seconds. */
  cores?: number;
}

interface Sample {
  at: bigint;
  commits: number;
  cpu: number | undefined;
}

let ticksPerSecond: number | undefined;

/**
 * CPU time of the local PostgreSQL server so far: every live `postgres` process's user + system
 * time, plus what its exited children (backends that ended) left in the postmaster's cutime and
 * cstime. Undefined when no such process can be read (a server elsewhere).
 */
function postgresCpuMicroseconds(): number | undefined {
  let listed: string;
  try {
    listed = execFileSync('ps', ['-o', 'pid=', '-C', 'postgres'], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const pid of listed.split('\n').map((line) => line.trim()).filter(Boolean)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14–17 of stat(5), counted here from field 3.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // ended between ps and the read: its time is now in the postmaster's cutime
    }
  }
  return ticks > 0 ? (ticks / ticksPerSecond) * 1e6 : undefined;
}

/**
 * Samples the bench's PostgreSQL database before and after a measured run. Backends publish
 * their counters at most once a second while busy, so both samples lag by up to a second of
 * commits; at a steady rate the two lags cancel in the difference.
 */
export class DatabaseProbe {
  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  static async open(adminUrl: string, databaseUrl: string): Promise<DatabaseProbe> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    return new DatabaseProbe(client, new URL(databaseUrl).pathname.slice(1));
  }

  async sample(): Promise<Sample> {
    const { rows } = await this.client.query<{ commits: string }>('SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = $1', [this.database]);
    return { at: process.hrtime.bigint(), commits: Number(rows[0]?.commits ?? 0), cpu: postgresCpuMicroseconds() };
  }

  static between(before: Sample, after: Sample, requests: number): DatabaseLoad {
    const seconds = Number(after.at - before.at) / 1e9;
    const commits = after.commits - before.commits;
    const answers = Math.max(1, requests);
    const load: DatabaseLoad = { transactionsPerSecond: Math.round(commits / seconds), transactionsPerRequest: Number((commits / answers).toFixed(2)) };
    if (before.cpu !== undefined && after.cpu !== undefined) {
      load.cpuMicrosecondsPerRequest = Math.round((after.cpu - before.cpu) / answers);
      load.cores = Number(((after.cpu - before.cpu) / 1e6 / seconds).toFixed(2));
    }
    return load;
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
