import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/** Leases of background jobs (src/jobs): which instance may run a job, and until when (ms). */
export function leasesMigration(dialect: Dialect): Migration {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await sql.raw(`CREATE TABLE leases (name text PRIMARY KEY, holder text NOT NULL, expires_at ${bigint} NOT NULL)`).execute(db);
    },
  };
}
