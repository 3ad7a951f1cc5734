import { sql, type Kysely } from 'kysely';
import type { ListReader } from './list-reader.js';
import type { DatabaseSchema, Dialect } from './schema.js';

/**
 * Reservation blocks (see blocked-products.ts) as columns: block i is [starts[i], ends[i]) of
 * the product whose id is `text` from idStarts[i] to idEnds[i] (ASCII: SPEC 1). The ids stay
 * bytes of the text the database sent: millions of blocks would otherwise cost a string each.
 */
export interface BlockColumns {
  text: Buffer;
  idStarts: Int32Array;
  idEnds: Int32Array;
  starts: Float64Array;
  ends: Float64Array;
}

/** Products whose blocks are read in one query (an `IN` list). */
const CHUNK = 500;
/** Products whose blocks are read in one query when reading them all (~3 blocks and ~160 bytes of text each: ~1 MB a query, which leaves little behind in the heap). */
const WHOLE_CHUNK = 6_000;

/**
 * Reads the stored reservation blocks, for an in-memory interval index of them (the read
 * model's availability index). They come as one text of `id:start:end` triples (ids hold no
 * colons or commas): hundreds of thousands of three-column rows would cost the driver an
 * object each.
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

  /** The blocks of some products. */
  async read(productIds: readonly string[]): Promise<BlockColumns> {
    const texts: string[] = [];
    for (let i = 0; i < productIds.length; i += CHUNK) {
      const text = await this.joined(sql`WHERE r.product_id IN (${sql.join(productIds.slice(i, i + CHUNK))})`);
      if (text) texts.push(text);
    }
    return parse(texts.join(','));
  }

  /** Every product's blocks, a run of products' at a time (so that no one text holds them all). */
  async *readAll(): AsyncGenerator<BlockColumns> {
    let after: string | undefined;
    for (;;) {
      const [last] = await this.reader.column<string>(
        sql`SELECT id FROM products ${after === undefined ? sql`` : sql`WHERE id > ${after}`} ORDER BY id LIMIT 1 OFFSET ${WHOLE_CHUNK - 1}`.compile(this.db),
        'id',
      );
      const from = after === undefined ? sql`` : sql`r.product_id > ${after}`;
      const to = last === undefined ? sql`` : sql`r.product_id <= ${last}`;
      const where = after === undefined && last === undefined ? sql`` : after === undefined ? sql`WHERE ${to}` : last === undefined ? sql`WHERE ${from}` : sql`WHERE ${from} AND ${to}`;
      yield parse(await this.joined(where));
      if (last === undefined) return;
      after = last;
    }
  }

  private async joined(where: ReturnType<typeof sql>): Promise<string | null> {
    const triple =
      this.dialect === 'postgres'
        ? sql`string_agg(r.product_id || ':' || r.block_start::text || ':' || r.block_end::text, ',')`
        : sql`group_concat(r.product_id || ':' || r.block_start || ':' || r.block_end, ',')`;
    const [text] = await this.reader.column<string | null>(sql`SELECT ${triple} AS blocks FROM reservations r ${where}`.compile(this.db), 'blocks');
    return text ?? null;
  }
}

const COMMA = 0x2c;
const COLON = 0x3a;

const ZERO = 0x30;
const MINUS = 0x2d;

/** The integer written at [start, end) of `text` (the columns are bigints), read without making a string of it. */
function numberAt(text: Buffer, start: number, end: number): number {
  const negative = text[start] === MINUS;
  let value = 0;
  for (let at = negative ? start + 1 : start; at < end; at++) {
    const digit = (text[at] as number) - ZERO;
    if (digit < 0 || digit > 9) return Number(text.toString('latin1', start, end));
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}

/**
 * The columns of one joined text, scanned byte by byte: `Buffer.indexOf` is a call into C++
 * (its arguments checked each time), and three of them a block cost more than a loop over
 * the block's ~40 bytes.
 */
function parse(joined: string | null): BlockColumns {
  const text = Buffer.from(joined ?? '', 'latin1');
  let count = text.length === 0 ? 0 : 1;
  for (let at = 0; at < text.length; at++) if (text[at] === COMMA) count++;
  const columns: BlockColumns = { text, idStarts: new Int32Array(count), idEnds: new Int32Array(count), starts: new Float64Array(count), ends: new Float64Array(count) };
  let at = 0;
  for (let index = 0; index < count; index++) {
    let first = at;
    while (first < text.length && text[first] !== COLON) first++;
    let second = first + 1;
    while (second < text.length && text[second] !== COLON) second++;
    let end = second + 1;
    while (end < text.length && text[end] !== COMMA) end++;
    columns.idStarts[index] = at;
    columns.idEnds[index] = first;
    columns.starts[index] = numberAt(text, first + 1, second);
    columns.ends[index] = numberAt(text, second + 1, end);
    at = end + 1;
  }
  return columns;
}
