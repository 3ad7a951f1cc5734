import type { Kysely } from 'kysely';
import { nextTimestamp } from '../domain/timestamps.js';
import type { DatabaseSchema } from './schema.js';

/** Pending password resets (one per account, by the token's hash) and their redemption. */
export class PasswordResetsRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    /** Told after a redemption changed an account. */
    private readonly accountsChanged: () => Promise<void>,
  ) {}

  /**
   * Starts a reset for an account, replacing any it had pending, unless the pending one was
   * issued after `notIssuedAfter` (then nothing changes, and false). One statement decides, so
   * of requests racing on several instances only one issues a token.
   */
  async store(rentId: string, tokenHash: string, issuedAt: number, expiresAt: number, notIssuedAfter: number): Promise<boolean> {
    const result = await this.db
      .insertInto('password_resets')
      .values({ rent_id: rentId, token_hash: tokenHash, issued_at: issuedAt, expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict
          .column('rent_id')
          .doUpdateSet({ token_hash: tokenHash, issued_at: issuedAt, expires_at: expiresAt })
          .where((eb) => eb.or([eb('password_resets.issued_at', 'is', null), eb('password_resets.issued_at', '<=', notIssuedAfter)])),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Drops a pending reset (its password changed another way). */
  async forget(rentId: string): Promise<void> {
    await this.db.deleteFrom('password_resets').where('rent_id', '=', rentId).execute();
  }

  /**
   * Uses up the reset with this token hash and, if it had not expired, sets the account's
   * password hash, clears its failed logins and lockout and advances `updatedAt`, in one
   * transaction. The token works once: of concurrent redemptions only the one whose delete
   * removed the row goes on. Returns the account's id, or undefined for an unknown, spent or
   * expired token (an expired one is deleted all the same).
   */
  async redeem(tokenHash: string, now: number, passwordHash: string): Promise<string | undefined> {
    const rentId = await this.db.transaction().execute(async (trx) => {
      const pending = await trx.selectFrom('password_resets').select(['rent_id', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!pending) return undefined;
      const removed = await trx.deleteFrom('password_resets').where('rent_id', '=', pending.rent_id).where('token_hash', '=', tokenHash).executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1 || Number(pending.expires_at) <= now) return undefined;
      const account = await trx.selectFrom('rents').select(['updated_at', 'version']).where('id', '=', pending.rent_id).executeTakeFirst();
      if (!account) return undefined;
      await trx
        .updateTable('rents')
        .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: nextTimestamp(account.updated_at), version: account.version + 1 })
        .where('id', '=', pending.rent_id)
        .execute();
      return pending.rent_id;
    });
    if (rentId !== undefined) await this.accountsChanged();
    return rentId;
  }
}
