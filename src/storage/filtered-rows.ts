import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadFilter, SortKey } from '../domain/where/types.js';
import type { ListReader } from './list-reader.js';
import type { DatabaseSchema } from './schema.js';
import { orderByToSql, readFilterToSql } from './where-sql.js';

/** The tables listed through a ReadFilter alone (products add search and availability: see ProductsRepository). */
export type FilteredTable = 'rents' | 'rent_media' | 'bookings' | 'webhooks';

/**
 * A collection's lists and counts, run where `reader` runs them (on SQLite, the reader thread):
 * a `contains` on every row of a large table holds that thread, not the event loop.
 */
export class FilteredRows<T extends FilteredTable> {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly reader: ListReader,
    private readonly table: T,
  ) {}

  /** The ids of the first `limit` matches in `sort` order (what bulk changes go through). */
  ids(filter: ReadFilter, sort: SortKey[], limit: number): Promise<string[]> {
    const query = this.matching(filter).select('id');
    return this.reader.column<string>((sort.length > 0 ? query.orderBy(orderByToSql(this.table, sort)) : query).limit(limit).compile(), 'id');
  }

  /** One page of whole rows in `sort` order (the list of a collection's documents). */
  rows(filter: ReadFilter, sort: SortKey[], limit: number, offset: number): Promise<Selectable<DatabaseSchema[T]>[]> {
    const query = this.matching(filter).selectAll();
    // The rows of `table`, which Kysely types as those of either table once the name is a type parameter.
    const page = (sort.length > 0 ? query.orderBy(orderByToSql(this.table, sort)) : query).limit(limit).offset(offset);
    return this.reader.rows<Selectable<DatabaseSchema[T]>>(page.compile());
  }

  /** How many rows match. */
  async count(filter: ReadFilter): Promise<number> {
    const query = this.matching(filter).select(sql<number>`count(*)`.as('total'));
    const [total] = await this.reader.column<number>(query.compile(), 'total');
    return Number(total);
  }

  /** The table's rows that `filter` lets through, to select from. */
  private matching(filter: ReadFilter) {
    return this.db.selectFrom(this.table as FilteredTable).where(readFilterToSql(this.table, filter));
  }
}
