import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';
import type { RentRow } from './rents-repository.js';

/** An account behind a live session, and when that session ends (ms). */
export interface ActiveSession {
  account: RentRow;
  expiresAt: number;
}

/** Sessions live in the database so that a logout holds on every instance at once. */
export class SessionsRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    /** Told after every change to sessions that already exist (caches of sessions follow it). */
    private readonly changed: () => Promise<void>,
  ) {}

  async create(session: { id: string; rentId: string; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ id: session.id, rent_id: session.rentId, created_at: new Date().toISOString(), expires_at: session.expiresAt, revoked_at: null })
      .execute();
  }

  /** The account behind a live session (not revoked, not expired), in one query. */
  async active(sessionId: string, accountId: string, now: number): Promise<ActiveSession | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('rents', 'rents.id', 'sessions.rent_id')
      .selectAll('rents')
      .select('sessions.expires_at as session_expires_at')
      .where('sessions.id', '=', sessionId)
      .where('sessions.rent_id', '=', accountId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_expires_at: expiresAt, ...account } = row;
    return { account, expiresAt: Number(expiresAt) };
  }

  async extend(sessionId: string, expiresAt: number): Promise<void> {
    await this.db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
    await this.changed();
  }

  async revoke(sessionId: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
    await this.changed();
  }

  /** Ends every session of an account but one (after a password change). */
  async revokeOthers(rentId: string, keep: string | undefined, now: number): Promise<void> {
    let query = this.db.updateTable('sessions').set({ revoked_at: now }).where('rent_id', '=', rentId).where('revoked_at', 'is', null);
    if (keep) query = query.where('id', '<>', keep);
    await query.execute();
    await this.changed();
  }

  /** Drops sessions that ended more than a day ago. */
  async prune(now: number): Promise<void> {
    await this.db.deleteFrom('sessions').where(sql`expires_at`, '<', now - 86_400_000).execute();
  }
}
