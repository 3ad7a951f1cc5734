import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { ReadFilter, SortKey } from '../domain/where/types.js';
import type { DatabaseSchema, Dialect, RentsTable } from './schema.js';
import { detectUnique } from './unique-violation.js';
import { TermInUse, isForeignKeyViolation } from './reference-errors.js';
import { FilteredRows } from './filtered-rows.js';
import type { ListReader } from './list-reader.js';

export type RentRow = Selectable<RentsTable>;
export type NewRentRow = Omit<RentRow, 'failed_logins' | 'version' | 'locked_until'>;

/** What still belongs to an account, which must go (or move) before the account can. */
export interface Belongings {
  products: number;
  media: number;
}

export class RentsRepository {
  private readonly filtered: FilteredRows<'rents'>;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    /** Where lists and counts run: on SQLite, a thread of their own (see WorkerReader). */
    reader: ListReader,
    private readonly dialect: Dialect,
    private readonly changed: () => Promise<void>,
  ) {
    this.filtered = new FilteredRows(db, reader, 'rents');
  }

  async get(id: string): Promise<RentRow | undefined> {
    return this.db.selectFrom('rents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  ids(filter: ReadFilter, sort: SortKey[], limit: number): Promise<string[]> {
    return this.filtered.ids(filter, sort, limit);
  }

  list(filter: ReadFilter, sort: SortKey[], limit: number, offset: number): Promise<RentRow[]> {
    return this.filtered.rows(filter, sort, limit, offset);
  }

  count(filter: ReadFilter): Promise<number> {
    return this.filtered.count(filter);
  }

  /**
   * Deletes an account that owns no products and no media (its sessions go with it), in one
   * transaction; otherwise deletes nothing and says what it still owns. On PostgreSQL the
   * account row is locked first: a product or image being written for it meanwhile either
   * committed before (and is counted) or finds the account gone. Where one slips in anyway,
   * the foreign key refuses the delete, and it is recounted.
   */
  async deleteUnlessOwning(id: string): Promise<{ deleted: boolean; owns: Belongings }> {
    const attempt = () =>
      this.db.transaction().execute(async (trx) => {
        if (this.dialect === 'postgres') await trx.selectFrom('rents').select('id').where('id', '=', id).forUpdate().execute();
        const owns = await this.belongings(trx, id);
        if (owns.products > 0 || owns.media > 0) return { deleted: false, owns };
        const result = await trx.deleteFrom('rents').where('id', '=', id).executeTakeFirst();
        return { deleted: Number(result.numDeletedRows) === 1, owns };
      });
    let result: { deleted: boolean; owns: Belongings };
    try {
      result = await attempt();
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      return { deleted: false, owns: await this.belongings(this.db, id) };
    }
    if (result.deleted) await this.changed();
    return result;
  }

  private async belongings(db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>, id: string): Promise<Belongings> {
    const row = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('products').select(sql<number>`count(*)`.as('n')).where('owner_id', '=', id).as('products'),
        eb.selectFrom('rent_media').select(sql<number>`count(*)`.as('n')).where('owner_id', '=', id).as('media'),
      ])
      .executeTakeFirstOrThrow();
    return { products: Number(row.products), media: Number(row.media) };
  }

  async getByEmail(email: string): Promise<RentRow | undefined> {
    return this.db.selectFrom('rents').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /**
   * Not announced as a change: no cache holds anything a new account changes (products show
   * only owners that exist, and only accounts already read are cached), and announcing it
   * emptied every cached product body at each registration.
   */
  async insert(row: NewRentRow): Promise<void> {
    await detectUnique(() => this.db.insertInto('rents').values(row).execute());
  }

  /**
   * Updates an account if it is still at `expectedVersion`; false when it changed first. When
   * the change removes terms, TermInUse if a product of the account still selects one, checked
   * after the update in the same transaction: the account row is then locked (PostgreSQL), so a
   * product write selecting one of those terms either committed before and is found here, or
   * waits and then finds the term gone.
   */
  async update(id: string, expectedVersion: number, changes: Updateable<RentsTable>, removedTerms: string[] = []): Promise<boolean> {
    const updated = await detectUnique(() =>
      this.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('rents')
          .set({ ...changes, version: expectedVersion + 1 })
          .where('id', '=', id)
          .where('version', '=', expectedVersion)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const [inUse] = await this.termsInUse(id, removedTerms, trx);
        if (inUse) throw new TermInUse(inUse.term, inUse.product);
        return true;
      }),
    );
    if (updated) await this.changed();
    return updated;
  }

  /** Counts a failed login; the attempt that reaches `max` locks the account until `lockUntil`. */
  async recordFailure(id: string, max: number, lockUntil: number): Promise<void> {
    await this.db
      .updateTable('rents')
      .set({
        failed_logins: sql`failed_logins + 1`,
        locked_until: sql`CASE WHEN failed_logins + 1 >= ${max} THEN ${lockUntil} ELSE locked_until END`,
      })
      .where('id', '=', id)
      .execute();
  }

  async resetFailures(id: string): Promise<void> {
    await this.db.updateTable('rents').set({ failed_logins: 0, locked_until: null }).where('id', '=', id).execute();
  }

  /** Ids of `termIds` that products of this owner still use as their `selectedTerm`, with one such product each (inside `update`'s transaction). */
  private async termsInUse(ownerId: string, termIds: string[], trx: Transaction<DatabaseSchema>): Promise<{ term: string; product: string }[]> {
    if (termIds.length === 0) return [];
    const rows = await trx
      .selectFrom('products')
      .select(['selected_term', 'id'])
      .where('owner_id', '=', ownerId)
      .where('selected_term', 'in', termIds)
      .execute();
    return rows.map((row) => ({ term: row.selected_term ?? '', product: row.id }));
  }
}
