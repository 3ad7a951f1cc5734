import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { blockedProductsSql } from '../../src/storage/blocked-products.js';
import { migrate, openDatabase } from '../../src/storage/database.js';
import type { DatabaseSchema } from '../../src/storage/schema.js';
import { dialects } from '../helpers/server.js';
import { freshDatabase } from '../helpers/fresh-database.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BASE = Date.UTC(2027, 0, 1);
const PRODUCTS = 3_000;

/** Product `p<i>` reserved on day 2i after BASE, its block widened by a one-hour buffer on each side. */
async function seed(db: Kysely<DatabaseSchema>): Promise<void> {
  await sql`WITH RECURSIVE n(i) AS (SELECT CAST(1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ${PRODUCTS})
    INSERT INTO products (id, slug, published, product_name, created_at, updated_at, doc)
    SELECT 'p' || i, 's' || i, 1, 'name ' || i, '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z', '{}' FROM n`.execute(db);
  await sql`WITH RECURSIVE n(i) AS (SELECT CAST(1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ${PRODUCTS})
    INSERT INTO reservations (product_id, id, starts_at, ends_at, block_start, block_end)
    SELECT 'p' || i, 'r' || i, b + 2 * i * d, b + (2 * i + 1) * d, b + 2 * i * d - h, b + (2 * i + 1) * d + h
    FROM n, (SELECT CAST(${BASE} AS BIGINT) AS b, CAST(${DAY} AS BIGINT) AS d, CAST(${HOUR} AS BIGINT) AS h) k`.execute(db);
}

describe('the availability filter (availableFrom/availableTo)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  for (const dialect of dialects) {
    it(`asks an interval index over the reservations widened by their buffers, not a scan (${dialect})`, async () => {
      const { url, dir } = await freshDatabase(dialect, cleanups);
      const database = await openDatabase(url, dir);
      try {
        await migrate(database);
        await seed(database.db);
        if (dialect === 'postgres') await sql`ANALYZE reservations`.execute(database.db);
        const blocked = async (start: number, end: number) => {
          const { rows } = await sql<{ product_id: string }>`SELECT DISTINCT x.product_id FROM (${blockedProductsSql(dialect, { start, end })}) x`.execute(database.db);
          return rows.map((row) => row.product_id).sort();
        };
        // p10 is reserved on day 20; ten minutes after it ends lie inside its after-buffer only.
        assert.deepEqual(await blocked(BASE + 21 * DAY + 10 * 60_000, BASE + 21 * DAY + 20 * 60_000), ['p10']);
        assert.deepEqual(await blocked(BASE + 21 * DAY + 2 * HOUR, BASE + 22 * DAY - 2 * HOUR), [], 'between two blocks: free');
        assert.deepEqual(await blocked(BASE + 22 * DAY - 30 * 60_000, BASE + 22 * DAY - 20 * 60_000), ['p11'], "inside p11's before-buffer");
        assert.deepEqual(await blocked(BASE + 20 * DAY, BASE + 24 * DAY), ['p10', 'p11', 'p12']);

        const query = blockedProductsSql(dialect, { start: BASE + 21 * DAY, end: BASE + 22 * DAY });
        if (dialect === 'sqlite') {
          const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(database.db);
          const plan = rows.map((row) => row.detail).join(' / ');
          assert.match(plan, /SCAN b VIRTUAL TABLE INDEX \d+:/, plan);
          assert.doesNotMatch(plan, /reservations/, plan);
        } else {
          const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(database.db);
          const plan = rows.map((row) => row['QUERY PLAN']).join(' / ');
          assert.match(plan, /Index Scan on reservations_blocks|Index Scan using reservations_blocks/, plan);
          assert.doesNotMatch(plan, /Seq Scan/, plan);
        }
      } finally {
        await database.close();
      }
    });
  }
});
