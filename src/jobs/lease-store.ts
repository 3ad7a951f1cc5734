import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../storage/schema.js';

/**
 * The `leases` table: one row per job name, naming the instance that may run it and until
 * when. Every statement is one conditional write, atomic on either database (PostgreSQL
 * re-checks an upsert's WHERE on the row it locked; SQLite runs one writer at a time, also
 * across processes sharing the file), so of several instances asking at once one gets it.
 */
export class LeaseStore {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Takes the lease until `until` when it is free (expired at `now`) or already ours; whether we hold it. */
  async take(name: string, holder: string, now: number, until: number): Promise<boolean> {
    const result = await sql`INSERT INTO leases (name, holder, expires_at) VALUES (${name}, ${holder}, ${until})
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE leases.expires_at <= ${now} OR leases.holder = ${holder}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) === 1;
  }

  /** Moves our lease's end to `until`; false when it is no longer ours (it ran out and another took it). */
  async extend(name: string, holder: string, until: number): Promise<boolean> {
    const result = await this.db.updateTable('leases').set({ expires_at: until }).where('name', '=', name).where('holder', '=', holder).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The lease's row, if any (for tests and diagnostics). */
  async get(name: string): Promise<{ holder: string; expires_at: number } | undefined> {
    return this.db.selectFrom('leases').select(['holder', 'expires_at']).where('name', '=', name).executeTakeFirst();
  }
}
