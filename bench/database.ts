import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** A database of the bench's own, made fresh for one build's service and dropped at the end. */
export interface BenchDatabase {
  url: string;
  /** The service's data folder (media files; the SQLite file). */
  dataDir: string;
  /** Bytes on disk: the SQLite file with its log and shared memory, or pg_database_size. */
  sizeBytes(): Promise<number>;
  /**
   * After a bulk seed: PostgreSQL's VACUUM ANALYZE now, which its autovacuum would otherwise
   * run on the new rows during the first measures (it took half a core beside one of them).
   * SQLite's statistics are the service's own business (PlannerStatistics).
   */
  settle(): Promise<void>;
  drop(): Promise<void>;
}

/** A SQLite database in a folder of its own (--seeded): kept at the end, for the next run. */
export function keptDatabase(dataDir: string): BenchDatabase {
  mkdirSync(dataDir, { recursive: true });
  return { ...sqliteDatabase(dataDir), async drop() {} };
}

function sqliteDatabase(dataDir: string): BenchDatabase {
  return {
    url: `file:${dataDir}/rental.db`,
    dataDir,
    async sizeBytes() {
      return readdirSync(dataDir)
        .filter((file) => file.startsWith('rental.db'))
        .reduce((sum, file) => sum + statSync(join(dataDir, file)).size, 0);
    },
    async settle() {},
    async drop() {},
  };
}

export async function freshDatabase(dialect: 'sqlite' | 'postgres', adminUrl: string, work: string, name: string): Promise<BenchDatabase> {
  const dataDir = join(work, name);
  mkdirSync(dataDir, { recursive: true });
  if (dialect === 'sqlite') return sqliteDatabase(dataDir);
  const database = `rc_bench_${name.replace(/[^a-z0-9_]/g, '_')}_${process.pid}`;
  const admin = async <T>(query: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await query(client);
    } finally {
      await client.end();
    }
  };
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    dataDir,
    settle: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query('VACUUM (ANALYZE)');
      } finally {
        await client.end();
      }
    },
    sizeBytes: () => admin(async (client) => Number((await client.query<{ size: string }>('SELECT pg_database_size($1) AS size', [database])).rows[0]?.size)),
    drop: () => admin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))),
  };
}
