import { sql, type Kysely, type Transaction } from 'kysely';
import type { SortKey, WhereNode } from '../domain/where/types.js';
import type { CalendarsTable, DatabaseSchema } from './schema.js';
import { and, orderClause, whereToSql } from './where-sql.js';

/** A calendar as read: its row and the owner of its product (who may manage it). */
export type CalendarRow = CalendarsTable & { owner_id: string | null };

/** What narrows a list of calendars: a `where`, and the access rule's filter. */
export interface CalendarFilter {
  where?: WhereNode;
  access?: WhereNode;
}

/** The sync's outcome as stored. */
export type SyncRecord = Pick<CalendarsTable, 'last_synced_at' | 'last_status' | 'last_error' | 'next_sync_at' | 'updated_at'> &
  Partial<Pick<CalendarsTable, 'etag' | 'last_modified' | 'blocks'>>;

export class CalendarsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  private select() {
    return this.db.selectFrom('calendars').innerJoin('products', 'products.id', 'calendars.product_id').selectAll('calendars').select('products.owner_id');
  }

  private filterSql(filter: CalendarFilter) {
    return and([
      ...(filter.access ? [whereToSql('calendars', filter.access)] : []),
      ...(filter.where ? [whereToSql('calendars', filter.where)] : []),
    ]);
  }

  async insert(row: CalendarsTable): Promise<void> {
    await this.db.insertInto('calendars').values(row).execute();
  }

  async get(id: string): Promise<CalendarRow | undefined> {
    return this.select().where('calendars.id', '=', id).executeTakeFirst();
  }

  async list(filter: CalendarFilter, sort: SortKey[], limit: number, offset: number): Promise<CalendarRow[]> {
    const query = sql<CalendarRow>`SELECT calendars.*, products.owner_id AS owner_id FROM calendars
      JOIN products ON products.id = calendars.product_id
      WHERE ${this.filterSql(filter)} ${orderClause('calendars', sort)} LIMIT ${limit} OFFSET ${offset}`;
    return (await query.execute(this.db)).rows;
  }

  async count(filter: CalendarFilter): Promise<number> {
    const query = sql<{ total: number }>`SELECT count(*) AS total FROM calendars JOIN products ON products.id = calendars.product_id WHERE ${this.filterSql(filter)}`;
    return Number((await query.execute(this.db)).rows[0]?.total ?? 0);
  }

  /** The calendars of a product. */
  async ofProduct(productId: string): Promise<CalendarRow[]> {
    return this.select().where('calendars.product_id', '=', productId).execute();
  }

  /** Changes a calendar's own fields (url, name, its schedule); false when it is gone. */
  async update(id: string, changes: Partial<Omit<CalendarsTable, 'id' | 'product_id' | 'created_at'>>): Promise<boolean> {
    const result = await this.db.updateTable('calendars').set(changes).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Stores a sync's outcome, unless the URL changed meanwhile (a PATCH while the feed was
   * fetched: what was fetched is no longer its feed); false when it did or the calendar is gone.
   * `alongside` writes in the same transaction.
   */
  async recordSync(id: string, url: string, record: SyncRecord, alongside?: (trx: Transaction<DatabaseSchema>) => Promise<void>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('calendars').set(record).where('id', '=', id).where('url', '=', url).executeTakeFirst();
      const recorded = Number(result.numUpdatedRows) === 1;
      // What is written with the outcome (its event, for the outbox) commits or fails with it.
      if (recorded && alongside) await alongside(trx);
      return recorded;
    });
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('calendars').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The ids of calendars due for a sync at `now`, the longest waiting first. */
  async due(now: number, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('calendars').select('id').where('next_sync_at', '<=', now).orderBy('next_sync_at').orderBy('id').limit(limit).execute();
    return rows.map((row) => row.id);
  }
}
