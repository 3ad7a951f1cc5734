import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { AvailabilityIndex } from '../../src/read-model/products/availability-index.js';
import { blockedProductsSql } from '../../src/storage/blocked-products.js';
import { BlockTable } from '../../src/read-model/products/block-table.js';
import { hasPosition } from '../../src/read-model/products/id-lists.js';
import { ChangeFeed } from '../../src/storage/change-feed.js';
import { migrate, openDatabase, type OpenDatabase } from '../../src/storage/database.js';
import { ReservationBlocks } from '../../src/storage/reservation-blocks.js';
import { dialects, type DialectName } from '../helpers/server.js';
import { freshDatabase } from '../helpers/fresh-database.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BASE = Date.UTC(2027, 0, 1);
const PRODUCTS = 400;

describe('the block table (in-memory interval index)', () => {
  it('marks exactly the products with a block overlapping an interval, short and very long blocks mixed', () => {
    const block = fc.record({
      product: fc.integer({ min: 0, max: 49 }),
      // Mostly on whole hours; some off whole seconds (kept in ms rather than seconds).
      start: fc.tuple(fc.integer({ min: 0, max: 400 * 24 }), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 999 }))).map(([hours, ms]) => BASE + hours * HOUR + ms),
      // From a few ms or half an hour to ~3 years: every length class, and the last one's open end.
      length: fc.oneof(fc.integer({ min: 1, max: 24 * 14 }).map((hours) => hours * HOUR), fc.integer({ min: 1, max: 1_100 }).map((days) => days * DAY), fc.constant(HOUR / 2), fc.integer({ min: 1, max: 5_000 })),
    });
    const interval = fc.record({
      start: fc.tuple(fc.integer({ min: -30 * 24, max: 800 * 24 }), fc.oneof(fc.constant(0), fc.integer({ min: -999, max: 999 }))).map(([hours, ms]) => BASE + hours * HOUR + ms),
      hours: fc.integer({ min: 1, max: 24 * 40 }),
    });
    fc.assert(
      fc.property(fc.array(block, { maxLength: 200 }), fc.array(fc.integer({ min: 0, max: 49 }), { maxLength: 10 }), fc.array(interval, { minLength: 1, maxLength: 10 }), (blocks, skippedProducts, intervals) => {
        const table = BlockTable.build({ products: blocks.map((b) => b.product), starts: blocks.map((b) => b.start), ends: blocks.map((b) => b.start + b.length) });
        assert.equal(table.size, blocks.length);
        const skipped = new Uint8Array(50);
        for (const product of skippedProducts) skipped[product] = 1;
        for (const { start, hours } of intervals) {
          // Some end on a block's exact start or end, where a rounding would show.
          const end = blocks.length > 0 && hours % 5 === 0 ? (blocks[hours % blocks.length]?.start ?? 0) + (hours % 2) * (blocks[hours % blocks.length]?.length ?? 0) : start + hours * HOUR;
          const flags = new Uint8Array(50);
          table.mark({ start, end }, flags, skipped);
          const expected = new Uint8Array(50);
          for (const b of blocks) if (b.start < end && b.start + b.length > start && !skipped[b.product]) expected[b.product] = 1;
          assert.deepEqual(flags, expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the availability index', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A database, its blocks as the service reads them, and a change feed as its writers tell it. */
  interface Storage {
    database: OpenDatabase;
    blocks: ReservationBlocks;
    changes: ChangeFeed;
  }

  /** An index told of the feed's product changes, as the read model tells it (changeCaches). */
  function followed(storage: Storage, maxBlocks?: number): AvailabilityIndex {
    const index = new AvailabilityIndex(storage.blocks, maxBlocks);
    storage.changes.onCommitted(({ topic, key }) => {
      if (topic === 'products') index.changed(key);
    });
    return index;
  }

  async function open(dialect: DialectName): Promise<Storage> {
    const { url, dir } = await freshDatabase(dialect, cleanups);
    const database = await openDatabase(url, dir);
    cleanups.push(() => database.close());
    await migrate(database);
    return { database, blocks: new ReservationBlocks(database.db, database.reader, database.dialect), changes: new ChangeFeed() };
  }

  /** Product p<i> with `count` random reservations of 1 hour to 20 days within ~90 days, blocks widened by 0–2 days. */
  async function reserve(storage: Storage, ids: string[], count: number, tag: string): Promise<void> {
    const rows = ids.flatMap((id) =>
      Array.from({ length: count }, (_, n) => {
        const start = BASE + Math.floor(Math.random() * 90 * 24) * HOUR;
        const end = start + (1 + Math.floor(Math.random() * 20 * 24)) * HOUR;
        const buffer = Math.floor(Math.random() * 3) * DAY;
        return { product_id: id, id: `${tag}-${id}-${n}`, starts_at: start, ends_at: end, block_start: start - buffer, block_end: end + buffer };
      }),
    );
    if (rows.length > 0) await storage.database.db.insertInto('reservations').values(rows).execute();
  }

  const ids = Array.from({ length: PRODUCTS }, (_, i) => `p${1000 + i}`);

  /** The positions in `ids` the database's interval index says are blocked. */
  async function expected(storage: Storage, start: number, end: number): Promise<number[]> {
    const { rows } = await sql<{ product_id: string }>`SELECT DISTINCT b.product_id FROM (${blockedProductsSql(storage.database.dialect, { start, end })}) b`.execute(storage.database.db);
    const blocked = new Set(rows.map((row) => row.product_id));
    return ids.flatMap((id, position) => (blocked.has(id) ? [position] : []));
  }

  const randomInterval = () => {
    const start = BASE + Math.floor(Math.random() * 100 * 24) * HOUR;
    return { start, end: start + (1 + Math.floor(Math.random() * 10 * 24)) * HOUR };
  };

  async function agrees(storage: Storage, index: AvailabilityIndex, intervals = 40): Promise<number> {
    let blockedSeen = 0;
    for (let n = 0; n < intervals; n++) {
      const { start, end } = randomInterval();
      const positions = await index.blockedPositions(ids, { start, end });
      assert.ok(positions, 'the index holds every block');
      const listed = ids.flatMap((_, position) => (hasPosition(positions, position) ? [position] : []));
      assert.deepEqual(listed, await expected(storage, start, end), `[${start}, ${end})`);
      blockedSeen += listed.length;
    }
    return blockedSeen;
  }

  /** PRODUCTS bare products, two thirds of them reserved, the rest never. */
  async function seedReserved(storage: Awaited<ReturnType<typeof open>>): Promise<void> {
    await sql`WITH RECURSIVE n(i) AS (SELECT CAST(0 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ${PRODUCTS - 1})
      INSERT INTO products (id, slug, published, product_name, created_at, updated_at, doc)
      SELECT 'p' || (1000 + i), 's' || i, 1, 'name ' || i, '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z', '{}' FROM n`.execute(storage.database.db);
    await reserve(storage, ids.filter((_, i) => i % 3 !== 0), 3, 'a');
  }

  for (const dialect of dialects) {
    it(`answers as the database's interval index does, and follows the changes the feed names (${dialect})`, async () => {
      const storage = await open(dialect);
      await seedReserved(storage);
      const index = followed(storage);
      assert.ok((await agrees(storage, index)) > 0, 'some intervals block products');

      // One product's reservations replaced, one product's removed, one never reserved gains some: each named by the feed.
      const [replaced, removed, gained] = [ids[1], ids[2], ids[3]] as [string, string, string];
      await storage.database.db.deleteFrom('reservations').where('product_id', 'in', [replaced, removed]).execute();
      await reserve(storage, [replaced, gained], 4, 'b');
      for (const id of [replaced, removed, gained]) storage.changes.bump('products', id);
      await agrees(storage, index);

      // A change naming no product: everything is read again.
      await reserve(storage, ids.slice(100, 160), 2, 'c');
      storage.changes.bump('products');
      await agrees(storage, index);

      // A change heard while the index reads is read again before the next answer, whichever way the race went.
      await reserve(storage, [ids[9] as string], 1, 'd');
      storage.changes.bump('products', ids[9]);
      const interval = randomInterval();
      const during = index.blockedPositions(ids, interval);
      await storage.database.db.deleteFrom('reservations').where('product_id', '=', ids[9] as string).execute();
      storage.changes.bump('products', ids[9]);
      await during;
      await agrees(storage, index);
    });

    it(`reads ahead a run at a time, and what changes meanwhile is read again (${dialect})`, async () => {
      const storage = await open(dialect);
      await seedReserved(storage);
      const index = followed(storage);
      // The count, the run of every product (400 are one run), the end: a change after the run is read, before the end.
      let steps = 0;
      for (let more = true; more; steps++) {
        if (steps === 2) {
          await storage.database.db.deleteFrom('reservations').where('product_id', '=', ids[4] as string).execute();
          await reserve(storage, [ids[6] as string], 6, 'e');
          for (const id of [ids[4], ids[6]]) storage.changes.bump('products', id);
        }
        more = await index.readAhead();
      }
      assert.equal(steps, 3);
      assert.equal(await index.readAhead(), false, 'nothing is left to read ahead');
      assert.ok((await agrees(storage, index)) > 0, 'some intervals block products');

      // A change naming no product: a whole read begins again, and the first answer finishes it.
      await reserve(storage, ids.slice(200, 260), 2, 'f');
      storage.changes.bump('products');
      assert.equal(await index.readAhead(), true, 'a whole read begins');
      await agrees(storage, index);
    });

    it(`leaves the answer to the database when more blocks are stored than it holds (${dialect})`, async () => {
      const storage = await open(dialect);
      await sql`INSERT INTO products (id, slug, published, product_name, created_at, updated_at, doc)
        VALUES ('p0000', 's0', 1, 'name', '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z', '{}')`.execute(storage.database.db);
      await reserve(storage, ['p0000'], 11, 'a');
      const index = followed(storage, 10);
      assert.equal(await index.blockedPositions(['p0000'], randomInterval()), undefined);
      await storage.database.db.deleteFrom('reservations').where('id', '=', 'a-p0000-0').execute();
      storage.changes.bump('products', 'p0000');
      assert.ok(await index.blockedPositions(['p0000'], randomInterval()), 'back within its bound, it answers again');
    });
  }
});
