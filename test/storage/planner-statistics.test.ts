import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { createProductValidator } from '../../src/domain/product-validation.js';
import { seedCatalogue } from '../../src/seed/seed-catalogue.js';
import { ChangeFeed } from '../../src/storage/change-feed.js';
import { migrate, openDatabase } from '../../src/storage/database.js';
import { LocalMediaStore } from '../../src/storage/media-store.js';
import { MIN_ANALYZED_PRODUCTS, PlannerStatistics, statisticsStale } from '../../src/storage/planner-statistics.js';
import type { DatabaseSchema } from '../../src/storage/schema.js';
import { openStorage } from '../../src/storage/storage.js';
import { until } from '../helpers/until.js';

/** The products' row count in `sqlite_stat1`, or undefined when ANALYZE has not seen them. */
function analyzedProducts(file: string): number | undefined {
  const raw = new Database(file, { readonly: true });
  try {
    if (!raw.prepare(`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'`).get()) return undefined;
    const row = raw.prepare(`SELECT stat FROM sqlite_stat1 WHERE tbl = 'products' LIMIT 1`).get() as { stat: string } | undefined;
    return row ? Number(row.stat.split(' ')[0]) : undefined;
  } finally {
    raw.close();
  }
}

function queryPlan(file: string, query: string, ...parameters: unknown[]): string {
  const raw = new Database(file, { readonly: true });
  try {
    return (raw.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...parameters) as { detail: string }[]).map((row) => row.detail).join(' / ');
  } finally {
    raw.close();
  }
}

/** How the service's own connection plans an anonymous visitor's first page by name. */
async function servicePlan(db: Kysely<DatabaseSchema>): Promise<string> {
  const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM products WHERE published = 1 ORDER BY product_name, id LIMIT 20`.execute(db);
  return rows.map((row) => row.detail).join(' / ');
}

/** `count` bare products with ids from `first` on, straight into the table (ANALYZE only counts them). */
async function insertProducts(db: Kysely<DatabaseSchema>, first: number, count: number): Promise<void> {
  await sql`WITH RECURSIVE n(i) AS (SELECT CAST(${first} AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ${first + count - 1})
    INSERT INTO products (id, slug, published, product_name, created_at, updated_at, doc)
    SELECT 'p' || i, 's' || i, i % 2, 'name ' || i, '2026-11-23T00:00:00.000Z', '2026-11-23T00:00:00.000Z', '{}' FROM n`.execute(db);
}

describe('SQLite planner statistics', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rental-stats-'));
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('count as stale when missing past the minimum, or when the table has doubled or halved', () => {
    assert.equal(statisticsStale(MIN_ANALYZED_PRODUCTS - 1, undefined), false);
    assert.equal(statisticsStale(MIN_ANALYZED_PRODUCTS, undefined), true);
    assert.equal(statisticsStale(2_000, 1_000), false);
    assert.equal(statisticsStale(2_001, 1_000), true);
    assert.equal(statisticsStale(500, 1_000), false);
    assert.equal(statisticsStale(499, 1_000), true);
    assert.equal(statisticsStale(0, 1_000), true);
  });

  it('are gathered as a bulk seed closes its storage, and published lists by name, change or price walk an index', async () => {
    const dir = freshDir();
    const file = join(dir, 'rental.db');
    const config = resolveConfig({});
    const storage = await openStorage(`file:${file}`, dir);
    try {
      await seedCatalogue(
        { config, storage, productValidator: createProductValidator(config.products.timeUnits), mediaStore: new LocalMediaStore(join(dir, 'media')) },
        { products: 1_500, owners: 2, mediaImages: 0, shape: { descriptionLength: 200, galleryImages: 0, reservations: 1, publishedShare: 0.8, varied: false } },
      );
    } finally {
      await storage.close();
    }
    assert.equal(analyzedProducts(file), 1_500);
    // What an anonymous visitor's lists ask (access filter: published), each read in the order of an index.
    const price = '"products"."price" ASC NULLS FIRST, "products"."id" ASC NULLS FIRST';
    for (const [where, order, index] of [
      ['', '"products"."product_name" ASC NULLS FIRST, "products"."id" ASC NULLS FIRST', 'products_name'],
      ['', '"products"."updated_at" DESC NULLS LAST, "products"."id" DESC NULLS LAST', 'products_published_sorts'],
      // The price indexes carry `published` after the order (migration 080): walked, the unpublished skipped.
      ['', price, 'products_price'],
      [' AND "products"."price" < 300', price, 'products_price'],
      [` AND "products"."location" = 'Brno' AND "products"."price" < 300`, price, 'products_location_price'],
    ]) {
      const plan = queryPlan(file, `SELECT products.id AS id FROM products WHERE "products"."published" = ?${where} ORDER BY ${order} LIMIT ? OFFSET ?`, 1, 20, 0);
      assert.match(plan, new RegExp(`USING COVERING INDEX ${index}`));
      assert.doesNotMatch(plan, /TEMP B-TREE/);
    }
  });

  it('are left to the defaults for a small catalogue, then gathered a while after writes have doubled it', async () => {
    const dir = freshDir();
    const file = join(dir, 'rental.db');
    const database = await openDatabase(`file:${file}`, dir);
    try {
      await migrate(database);
      const statistics = new PlannerStatistics(database.db, database.reader, 5);
      await insertProducts(database.db, 1, MIN_ANALYZED_PRODUCTS - 1);
      await statistics.check();
      assert.equal(analyzedProducts(file), undefined);
      const unanalyzed = await servicePlan(database.db);
      assert.match(unanalyzed, /TEMP B-TREE/, 'without statistics: the published index, then a sort');

      await insertProducts(database.db, MIN_ANALYZED_PRODUCTS, 1);
      statistics.changed();
      assert.ok(await until(() => analyzedProducts(file) === MIN_ANALYZED_PRODUCTS, 5_000), 'analyzed at the minimum');
      // Gathered on another connection: the service's own plans with them too.
      assert.ok(await until(async () => !/TEMP B-TREE/.test(await servicePlan(database.db)), 5_000), 'the service’s connection walks the name index');
      assert.match(await servicePlan(database.db), /USING COVERING INDEX products_name/);

      await insertProducts(database.db, MIN_ANALYZED_PRODUCTS + 1, MIN_ANALYZED_PRODUCTS);
      statistics.changed();
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(analyzedProducts(file), MIN_ANALYZED_PRODUCTS, 'not yet doubled: kept');

      await insertProducts(database.db, 2 * MIN_ANALYZED_PRODUCTS + 1, 1);
      statistics.changed();
      await statistics.close();
      assert.equal(analyzedProducts(file), 2 * MIN_ANALYZED_PRODUCTS + 1, 'gathered again as it closes');
    } finally {
      await database.close();
    }
  });

  it('are stored by the service’s own connection: no change from another process is heard, and one still is', async () => {
    const dir = freshDir();
    const file = join(dir, 'rental.db');
    const database = await openDatabase(`file:${file}`, dir);
    const changes = new ChangeFeed();
    try {
      await migrate(database);
      await insertProducts(database.db, 1, 2 * MIN_ANALYZED_PRODUCTS);
      const dataVersion = database.dataVersion as () => number;
      changes.followOtherWriters(dataVersion, 5);
      const generation = changes.generation;
      await new PlannerStatistics(database.db, database.reader).check();
      assert.equal(analyzedProducts(file), 2 * MIN_ANALYZED_PRODUCTS);
      assert.match(await servicePlan(database.db), /USING COVERING INDEX products_name/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(changes.generation, generation, 'gathering statistics empties no cache');
      // Another process's write is still heard.
      const other = new Database(file);
      other.prepare(`UPDATE products SET product_name = 'renamed' WHERE id = 'p1'`).run();
      other.close();
      assert.ok(await until(() => changes.generation > generation, 5_000), 'a write from another connection is heard');
    } finally {
      await changes.close();
      await database.close();
    }
  });

  it('are gathered off the event loop: the service reads while ANALYZE runs', async () => {
    const dir = freshDir();
    const file = join(dir, 'rental.db');
    const database = await openDatabase(`file:${file}`, dir);
    try {
      await migrate(database);
      await insertProducts(database.db, 1, 100_000);
      const statistics = new PlannerStatistics(database.db, database.reader);
      // The reader's thread started beforehand, so that the ANALYZE below (~150 ms here) runs at once.
      await database.reader.rows(CompiledQuery.raw('SELECT 1'));
      const order: string[] = [];
      const gathered = statistics.check().then(() => order.push('statistics'));
      await new Promise((resolve) => setTimeout(resolve, 30));
      const read = await database.db.selectFrom('products').select('product_name').where('id', '=', 'p77').executeTakeFirstOrThrow();
      order.push('read');
      await gathered;
      assert.equal(read.product_name, 'name 77');
      assert.deepEqual(order, ['read', 'statistics'], 'a point read asked 30 ms in is answered before ANALYZE ends');
      assert.equal(analyzedProducts(file), 100_000);
    } finally {
      await database.close();
    }
  });
});
