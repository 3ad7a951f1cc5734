import { sql, type Kysely } from 'kysely';
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

/** How many rows match. */
export async function filteredCount(db: Kysely<DatabaseSchema>, table: FilteredTable, filter: ReadFilter): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('total')).where(readFilterToSql(table, filter)).executeTakeFirstOrThrow();
  return Number(row.total);
}

