import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/** The hashed tokens of accounts' private calendar feeds, one per account. */
export class CalendarTokensRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Sets the account's token hash, replacing the one before (whose URL then stops working). */
  async store(rentId: string, tokenHash: string, issuedAt: number): Promise<void> {
    await this.db
      .insertInto('calendar_tokens')
      .values({ rent_id: rentId, token_hash: tokenHash, issued_at: issuedAt })
      .onConflict((conflict) => conflict.column('rent_id').doUpdateSet({ token_hash: tokenHash, issued_at: issuedAt }))
      .execute();
  }

  /** The account's current token hash, if it was ever issued one. */
  async hashOf(rentId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('calendar_tokens').select('token_hash').where('rent_id', '=', rentId).executeTakeFirst();
    return row?.token_hash;
  }
}
