import { sql } from 'kysely';
import type { Interval } from '../domain/reservations.js';
import type { Dialect } from './schema.js';

/**
 * The products with a reservation that blocks an interval: whose block (the reservation
 * widened by the product's buffers, migration 030) overlaps it. An interval index answers,
 * however long the reservations are: SQLite's R*Tree (its float bounds are rounded outwards,
 * so the exact ones are compared too), PostgreSQL's GiST index over the blocks' ranges. Not
 * DISTINCT: `IN` does not need it, and callers dedupe.
 */
export function blockedProductsSql(dialect: Dialect, { start, end }: Interval) {
  if (dialect === 'postgres') return sql`SELECT r.product_id FROM reservations r WHERE int8range(r.block_start, r.block_end) && int8range(${start}, ${end})`;
  return sql`SELECT b.product_id FROM reservation_blocks b
    WHERE b.lo < ${end} AND b.hi > ${start} AND b.block_start < ${end} AND b.block_end > ${start}`;
}
