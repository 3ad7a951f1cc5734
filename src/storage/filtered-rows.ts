import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadFilter, SortKey } from '../domain/where/types.js';
import type { DatabaseSchema } from './schema.js';
import { orderByToSql, readFilterToSql } from './where-sql.js';

/** The tables listed through a ReadFilter alone (products add search and availability: see ProductsRepository). */
export type FilteredTable = 'rents' | 'rent_media';

/** The ids of the first `limit` matches in `sort` order (what bulk changes go through). */
export async function filteredIds(db: Kysely<DatabaseSchema>, table: FilteredTable, filter: ReadFilter, sort: SortKey[], limit: number): Promise<string[]> {
  const query = db.selectFrom(table).select('id').where(readFilterToSql(table, filter));
  const rows = await (sort.length > 0 ? query.orderBy(orderByToSql(table, sort)) : query).limit(limit).execute();
  return rows.map((row) => row.id);
}

/** One page of whole rows in `sort` order (the list of a collection's documents). */
export async function filteredRows<T extends FilteredTable>(db: Kysely<DatabaseSchema>, table: T, filter: ReadFilter, sort: SortKey[], limit: number, offset: number): Promise<Selectable<DatabaseSchema[T]>[]> {
  const query = db.selectFrom(table as FilteredTable).selectAll().where(readFilterToSql(table, filter));
  const rows = await (sort.length > 0 ? query.orderBy(orderByToSql(table, sort)) : query).limit(limit).offset(offset).execute();
  // The rows of `table`, which Kysely types as those of either table once the name is a type parameter.
  return rows as Selectable<DatabaseSchema[T]>[];
}

/** How many rows match. */
export async function filteredCount(db: Kysely<DatabaseSchema>, table: FilteredTable, filter: ReadFilter): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('total')).where(readFilterToSql(table, filter)).executeTakeFirstOrThrow();
  return Number(row.total);
}
