import { sql, type Kysely } from 'kysely';
import type { ListReader } from './list-reader.js';
import type { TableStatistics } from './sqlite-reader-worker.js';
import type { DatabaseSchema } from './schema.js';

/** Below this many products SQLite's built-in estimates choose plans as well as statistics do. */
export const MIN_ANALYZED_PRODUCTS = 1_000;
/** The statistics are gathered again once the products have grown or shrunk this many times over. */
export const STALE_FACTOR = 2;
/** How long after a write to the products the statistics are looked at: once for all the writes of that while. */
const CHECK_DELAY_MS = 10_000;

/** Whether statistics of `analyzed` products (none: undefined) misdescribe a table of `rows`. */
export function statisticsStale(rows: number, analyzed: number | undefined): boolean {
  if (analyzed === undefined) return rows >= MIN_ANALYZED_PRODUCTS;
  return rows > analyzed * STALE_FACTOR || rows * STALE_FACTOR < analyzed;
}

/**
 * SQLite's planner statistics (`sqlite_stat1`) for the products table, kept current as it
 * grows. Without them SQLite takes every equality on an indexed column to be selective, so
 * `settings.published = true` (what every anonymous list carries) led it to the published
 * index and a sort of half the catalogue for any order without its own published-led index:
 * 214 ms for the first page by name at 100,000 products, against 0.03 ms walking the name
 * index once ANALYZE has said that `published` has two values. ANALYZE reads the whole table,
 * ~150–220 ms per 100,000 products, so it runs on the list reader's thread and not on the
 * event loop (see ListReader.analyze); the count that decides it, ~2–4 ms per 100,000 on the
 * smallest index, stays on the service's connection, so that a start-up with current
 * statistics starts no thread. A sampled one (`analysis_limit = 1000`) is
 * no cheaper in effect: it read the first 1,000 entries of the published index, all one value,
 * and took `published` for selective again. `PRAGMA optimize` analyzed every table (720 ms:
 * reservations and gallery links outnumber the products) where only the products' plans need
 * it. So only the products are analyzed, and only when missing or when the table is
 * `STALE_FACTOR` times larger or smaller than last analyzed: looked at on start-up, a while
 * after writes, and as the storage closes after writes (the bulk seed). PostgreSQL's
 * autovacuum keeps its statistics on its own.
 *
 * The thread's ANALYZE is rolled back and the service's connection stores what it found: a
 * commit on another connection moves `PRAGMA data_version`, which the service takes for
 * another process's write, emptying every cache (a catalogue imported through the API lost
 * its warm entries at each doubling). `ANALYZE sqlite_schema` makes the service's connection
 * read the statistics again, and the reader's connection is opened again for the same reason.
 */
export class PlannerStatistics {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    /** The service's connection. */
    private readonly db: Kysely<DatabaseSchema>,
    /** Where the ANALYZE runs. */
    private readonly reader: ListReader,
    private readonly checkDelayMs = CHECK_DELAY_MS,
  ) {}

  /**
   * Gathers the statistics if they are missing or stale. A failure is reported, not thrown:
   * plans only get slower without them, and the next write to the products looks again.
   */
  async check(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const run = this.running.catch(() => undefined).then(() => this.refresh());
    this.running = run;
    await run.catch((error: unknown) => console.error(`Could not gather the query planner's statistics: ${(error as Error).message}`));
  }

  /** After a write to the products: looks again once the writes of the next while are done. */
  changed(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.check(), this.checkDelayMs).unref();
  }

  /** Runs a pending look at once (the storage is closing after writes), and no more after it. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) await this.check();
    await this.running.catch(() => undefined);
  }

  private async refresh(): Promise<void> {
    const [rows, analyzed] = await Promise.all([this.productCount(), this.analyzedCount()]);
    if (!statisticsStale(rows, analyzed)) return;
    const found = await this.reader.statistics('products');
    await this.store('products', found);
    await sql`ANALYZE sqlite_schema`.execute(this.db);
    await this.reader.reopen();
  }

  /** A table's statistics in place of those stored, on the service's connection: its own commit. */
  private async store(table: string, { stat1, stat4 }: TableStatistics): Promise<void> {
    // Created by any ANALYZE; this one stores nothing (the schema table has no index).
    if (!(await this.hasTable('sqlite_stat1'))) await sql`ANALYZE sqlite_schema`.execute(this.db);
    const samples = await this.hasTable('sqlite_stat4');
    await this.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM sqlite_stat1 WHERE tbl = ${table}`.execute(trx);
      for (const { tbl, idx, stat } of stat1) await sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (${tbl}, ${idx}, ${stat})`.execute(trx);
      if (!samples) return;
      await sql`DELETE FROM sqlite_stat4 WHERE tbl = ${table}`.execute(trx);
      // A sample comes from the thread as a Uint8Array, which better-sqlite3 binds only as a Buffer.
      for (const { tbl, idx, neq, nlt, ndlt, sample } of stat4)
        await sql`INSERT INTO sqlite_stat4 (tbl, idx, neq, nlt, ndlt, sample) VALUES (${tbl}, ${idx}, ${neq}, ${nlt}, ${ndlt}, ${Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength)})`.execute(trx);
    });
  }

  private async hasTable(name: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ${name}`.execute(this.db);
    return rows.length > 0;
  }

  private async productCount(): Promise<number> {
    const { rows } = await sql<{ rows: number }>`SELECT count(*) AS rows FROM products`.execute(this.db);
    return rows[0]?.rows ?? 0;
  }

  /** The number of products the last ANALYZE saw: the first figure of each of the table's `sqlite_stat1` rows. */
  private async analyzedCount(): Promise<number | undefined> {
    if (!(await this.hasTable('sqlite_stat1'))) return undefined;
    const { rows } = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'products' LIMIT 1`.execute(this.db);
    const first = rows[0]?.stat.split(' ')[0];
    return first === undefined ? undefined : Number(first);
  }
}
