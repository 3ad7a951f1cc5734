import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ListReader } from './list-reader.js';
import type { DatabaseSchema, Dialect } from './schema.js';

/** Reservation blocks (see blocked-products.ts) as columns: block i is product productIds[i]'s, [starts[i], ends[i]). */
export interface BlockColumns {
  productIds: string[];
  starts: Float64Array;
  ends: Float64Array;
}

/** Products whose blocks are read in one query (an `IN` list). */
const CHUNK = 500;

/**
 * Blocks (about; whole products) read per query when all are read: a text of ~1 MB. One text
 * of every block (~15 MB at 100,000 products) was held at once by SQLite, by the reader
 * thread's heap, in transit and in the service's heap, and the room it took (V8's heap,
 * malloc's arenas) stayed with the process after it was freed: ~60 MB of RSS.
 */
export const BLOCKS_PER_QUERY = 20_000;

/**
 * Reads the stored reservation blocks whole, for an in-memory interval index of them (the
 * read model's availability index). They come as texts of `id:start:end` triples (ids
 * hold no colons or commas): hundreds of thousands of three-column rows would cost the
 * driver an object each.
 */
export class ReservationBlocks {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly reader: ListReader,
    private readonly dialect: Dialect,
    private readonly blocksPerQuery = BLOCKS_PER_QUERY,
  ) {}

  /** How many blocks are stored. */
  async count(): Promise<number> {
    const [count] = await this.reader.column<number | string>(sql`SELECT count(*) AS n FROM reservations`.compile(this.db), 'n');
    return Number(count ?? 0);
  }

  /** Every product's blocks, or those of some products only. */
  async read(productIds?: readonly string[]): Promise<BlockColumns> {
    const columns = new ColumnsBuilder();
    if (!productIds) {
      // Products in id order, a query taking the next products of about `blocksPerQuery` blocks in all.
      let after = '';
      for (;;) {
        const last = await this.lastProductWithin(after);
        if (last === null) break;
        columns.add(await this.joined(sql`WHERE r.product_id > ${after} AND r.product_id <= ${last}`));
        after = last;
      }
    }
    for (let i = 0; productIds && i < productIds.length; i += CHUNK) columns.add(await this.joined(sql`WHERE r.product_id IN (${sql.join(productIds.slice(i, i + CHUNK))})`));
    return columns.build();
  }

  /** The product of the `blocksPerQuery`th block after product `after`'s (in id order), or the last product; null when none follows. */
  private async lastProductWithin(after: string): Promise<string | null> {
    const query = sql`SELECT max(page.product_id) AS last FROM (SELECT product_id FROM reservations WHERE product_id > ${after} ORDER BY product_id LIMIT ${this.blocksPerQuery}) page`;
    const [last] = await this.reader.column<string | null>(query.compile(this.db), 'last');
    return last ?? null;
  }

  private async joined(where: RawBuilder<unknown>): Promise<string | null> {
    const triple =
      this.dialect === 'postgres'
        ? sql`string_agg(r.product_id || ':' || r.block_start::text || ':' || r.block_end::text, ',')`
        : sql`group_concat(r.product_id || ':' || r.block_start || ':' || r.block_end, ',')`;
    const [text] = await this.reader.column<string | null>(sql`SELECT ${triple} AS blocks FROM reservations r ${where}`.compile(this.db), 'blocks');
    return text ?? null;
  }
}

/** Columns grown text by text. */
class ColumnsBuilder {
  private readonly productIds: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  add(text: string | null): void {
    if (!text) return;
    for (const triple of text.split(',')) {
      const first = triple.indexOf(':');
      const second = triple.indexOf(':', first + 1);
      // A slice of the text, which it keeps alive: whoever keeps an id makes a copy (see AvailabilityIndex).
      this.productIds.push(triple.slice(0, first));
      this.starts.push(Number(triple.slice(first + 1, second)));
      this.ends.push(Number(triple.slice(second + 1)));
    }
  }

  build(): BlockColumns {
    return { productIds: this.productIds, starts: Float64Array.from(this.starts), ends: Float64Array.from(this.ends) };
  }
}
