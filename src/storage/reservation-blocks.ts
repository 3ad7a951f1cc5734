import { sql, type Kysely } from 'kysely';
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
 * Reads the stored reservation blocks whole, for an in-memory interval index of them (the
 * read model's availability index). They come as one text of `id:start:end` triples (ids
 * hold no colons or commas): hundreds of thousands of three-column rows would cost the
 * driver an object each.
 */
export class ReservationBlocks {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly reader: ListReader,
    private readonly dialect: Dialect,
  ) {}

  /** How many blocks are stored. */
  async count(): Promise<number> {
    const [count] = await this.reader.column<number | string>(sql`SELECT count(*) AS n FROM reservations`.compile(this.db), 'n');
    return Number(count ?? 0);
  }

  /** Every product's blocks, or those of some products only. */
  async read(productIds?: readonly string[]): Promise<BlockColumns> {
    if (!productIds) return parse(await this.joined());
    const texts: (string | null)[] = [];
    for (let i = 0; i < productIds.length; i += CHUNK) texts.push(await this.joined(productIds.slice(i, i + CHUNK)));
    return parse(texts.filter((text) => text).join(','));
  }

  private async joined(productIds?: readonly string[]): Promise<string | null> {
    const triple =
      this.dialect === 'postgres'
        ? sql`string_agg(r.product_id || ':' || r.block_start::text || ':' || r.block_end::text, ',')`
        : sql`group_concat(r.product_id || ':' || r.block_start || ':' || r.block_end, ',')`;
    const where = productIds ? sql`WHERE r.product_id IN (${sql.join(productIds)})` : sql``;
    const [text] = await this.reader.column<string | null>(sql`SELECT ${triple} AS blocks FROM reservations r ${where}`.compile(this.db), 'blocks');
    return text ?? null;
  }
}

function parse(text: string | null): BlockColumns {
  const triples = text ? text.split(',') : [];
  const columns: BlockColumns = { productIds: new Array<string>(triples.length), starts: new Float64Array(triples.length), ends: new Float64Array(triples.length) };
  triples.forEach((triple, index) => {
    const first = triple.indexOf(':');
    const second = triple.indexOf(':', first + 1);
    columns.productIds[index] = triple.slice(0, first);
    columns.starts[index] = Number(triple.slice(first + 1, second));
    columns.ends[index] = Number(triple.slice(second + 1));
  });
  return columns;
}
