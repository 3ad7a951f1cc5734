import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { bookingEvent, bookingProductEvents } from './booking-events.js';
import type { ReadFilter, SortKey, WhereNode } from '../domain/where/types.js';
import type { BookingsTable, DatabaseSchema, Dialect } from './schema.js';
import { FilteredRows } from './filtered-rows.js';
import type { ListReader } from './list-reader.js';
import type { SqliteNow } from './sqlite-now.js';
import type { NewEvent, Outbox } from './outbox.js';
import { whereToSql } from './where-sql.js';

/** A booking row as stored (its version read too). */
export type BookingRow = Omit<BookingsTable, 'version'> & { version: number };

/** The product a status change may touch, as read inside its transaction. */
export interface LockedProduct {
  id: string;
  version: number;
  doc: string;
  owner_id: string | null;
  published: number;
}

/** What a status change writes: the booking's new state, and the product's when its reservations change. */
export interface BookingChange {
  booking: Pick<BookingsTable, 'status' | 'updated_at' | 'doc' | 'expires_at'>;
  product?: {
    version: number;
    doc: string;
    updated_at: string;
    /** The reservation a confirmation adds, with the interval it blocks. */
    add?: { id: string; start: number; end: number; blockStart: number; blockEnd: number };
    /** The reservation a cancellation releases. */
    remove?: string;
  };
}

/** Decides a change from the locked rows: what to write (nothing: no change) and what to answer. */
type Decide<T> = (state: { booking: BookingRow; product: LockedProduct | undefined }) => Promise<{ change?: BookingChange; result: T }>;

/** Every column of a new booking row (`version` takes its default). */
const INSERT_COLUMNS = ['id', 'product_id', 'owner_id', 'status', 'from_at', 'to_at', 'starts_at', 'ends_at', 'customer_email', 'token_hash', 'expires_at', 'created_at', 'updated_at', 'doc'] as const satisfies readonly (keyof Omit<BookingsTable, 'version'>)[];
/** A column added to the table and not to INSERT_COLUMNS fails to compile here. */
const everyColumn: Exclude<keyof Omit<BookingsTable, 'version'>, (typeof INSERT_COLUMNS)[number]> extends never ? true : never = true;
void everyColumn;

export class BookingsRepository {
  private readonly filtered: FilteredRows<'bookings'>;
  /** insert's read of the product's owner, compiled once (every booking request makes one). */
  private readonly selectOwner: CompiledQuery;
  /** insert's INSERT, compiled once too: Kysely builds and compiles a query on every call. */
  private readonly insertRow: CompiledQuery;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    reader: ListReader,
    private readonly dialect: Dialect,
    /** Told after a commit that changed a product (its reservations), with its id. */
    private readonly productChanged: (id: string) => Promise<void>,
    private readonly outbox: Outbox,
    /** SQLite: the fast lane of a request's insert. */
    private readonly now?: SqliteNow,
  ) {
    this.filtered = new FilteredRows(db, reader, 'bookings');
    const owner = db.selectFrom('products').select('owner_id').where('id', '=', '');
    this.selectOwner = (dialect === 'postgres' ? owner.forShare() : owner).compile();
    // Placeholder values in INSERT_COLUMNS' order: each becomes a parameter, in that order.
    this.insertRow = db.insertInto('bookings').values(Object.fromEntries(INSERT_COLUMNS.map((column) => [column, ''])) as unknown as Omit<BookingsTable, 'version'>).compile();
  }

  /**
   * Stores a new request with its `booking.requested` event. Its owner is the product's as stored when it commits, read under the
   * product row's lock (PostgreSQL: FOR SHARE, which waits for a change of owner to commit; and
   * which that change's lock waits for, so it then moves this booking too): the owner the
   * request was checked against may have given the product away meanwhile. Returns the row
   * as stored.
   */
  async insert(row: Omit<BookingsTable, 'version'>): Promise<Omit<BookingsTable, 'version'>> {
    const withOwner = (product: { owner_id: string | null } | undefined) =>
      product && product.owner_id !== row.owner_id ? { ...row, owner_id: product.owner_id, doc: JSON.stringify({ ...(JSON.parse(row.doc) as object), owner: product.owner_id }) } : row;
    // SQLite: the owner's read, the row and its event at once (SqliteNow).
    const now = this.now;
    if (now) {
      return now.write((db) => {
        const stored = withOwner(db.all<{ owner_id: string | null }>(this.selectOwner.sql, [row.product_id])[0]);
        db.run(this.insertRow.sql, INSERT_COLUMNS.map((column) => stored[column]));
        this.outbox.appendNow(db, [bookingEvent(stored)]);
        return stored;
      });
    }
    return this.db.transaction().execute(async (trx) => {
      const stored = withOwner((await trx.executeQuery<{ owner_id: string | null }>(CompiledQuery.raw(this.selectOwner.sql, [row.product_id]))).rows[0]);
      await trx.executeQuery(CompiledQuery.raw(this.insertRow.sql, INSERT_COLUMNS.map((column) => stored[column])));
      await this.outbox.append(trx, [bookingEvent(stored)]);
      return stored;
    });
  }

  async get(id: string, access?: WhereNode): Promise<BookingRow | undefined> {
    const query = this.db.selectFrom('bookings').selectAll().where('id', '=', id);
    return (access ? query.where(whereToSql('bookings', access)) : query).executeTakeFirst();
  }

  list(filter: ReadFilter, sort: SortKey[], limit: number, offset: number): Promise<BookingRow[]> {
    return this.filtered.rows(filter, sort, limit, offset);
  }

  count(filter: ReadFilter): Promise<number> {
    return this.filtered.count(filter);
  }

  /**
   * Changes one booking's status in one transaction with what it does to its product. The
   * product row is locked first (PostgreSQL: FOR UPDATE; SQLite runs one write transaction at
   * a time), then the booking's, so that `decide` sees both as no other writer can change them
   * until the commit: of concurrent confirmations of overlapping requests, each decides after
   * the one before has added its reservation, and an owner's `reserve` (a compare-and-set on the
   * product's version) waits or retries. `decide` throws to change nothing.
   */
  async change<T>(bookingId: string, productId: string, decide: Decide<T>): Promise<T | undefined> {
    let touchedProduct = false;
    const result = await this.db.transaction().execute(async (trx) => {
      const product = await this.lockProduct(trx, productId);
      const bookingQuery = trx.selectFrom('bookings').selectAll().where('id', '=', bookingId);
      const booking = await (this.dialect === 'postgres' ? bookingQuery.forUpdate() : bookingQuery).executeTakeFirst();
      if (!booking) return undefined;
      const { change, result } = await decide({ booking, product });
      if (change) await this.write(trx, booking, product, change);
      touchedProduct = change?.product !== undefined;
      return result;
    });
    if (touchedProduct) await this.productChanged(productId);
    return result;
  }

  private async lockProduct(trx: Transaction<DatabaseSchema>, id: string): Promise<LockedProduct | undefined> {
    const query = trx.selectFrom('products').select(['id', 'version', 'doc', 'owner_id', 'published']).where('id', '=', id);
    return (this.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Writes the change, then (last, as the outbox asks) its events: the booking's, and the product's when its reservations changed. */
  private async write(trx: Transaction<DatabaseSchema>, booking: BookingRow, locked: LockedProduct | undefined, change: BookingChange): Promise<void> {
    const { product } = change;
    const bookingId = booking.id;
    const productId = booking.product_id;
    const events: NewEvent[] = [];
    if (product) {
      if (!locked) throw new Error(`product ${productId} changed without being read`);
      const updated = await trx
        .updateTable('products')
        .set({ doc: product.doc, updated_at: product.updated_at, version: product.version + 1 })
        .where('id', '=', productId)
        .where('version', '=', product.version)
        .executeTakeFirst();
      // The row is locked (or the writes serialised) since it was read: a miss is a bug, not a race.
      if (Number(updated.numUpdatedRows) !== 1) throw new Error(`product ${productId} changed under its lock`);
      if (product.remove !== undefined) await trx.deleteFrom('reservations').where('product_id', '=', productId).where('id', '=', product.remove).execute();
      if (product.add) {
        const { id, start, end, blockStart, blockEnd } = product.add;
        await trx.insertInto('reservations').values({ product_id: productId, id, starts_at: start, ends_at: end, block_start: blockStart, block_end: blockEnd }).execute();
      }
      events.push(...bookingProductEvents(locked, { ...locked, doc: product.doc }, { added: product.add?.id, released: product.remove }));
    }
    const written = await trx
      .updateTable('bookings')
      .set({ ...change.booking, version: booking.version + 1 })
      .where('id', '=', bookingId)
      .where('version', '=', booking.version)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) throw new Error(`booking ${bookingId} changed under its lock`);
    await this.outbox.append(trx, [bookingEvent({ status: change.booking.status, doc: change.booking.doc, owner_id: booking.owner_id }), ...events]);
  }

  /**
   * Up to `limit` open requests whose time ran out by `now`, oldest first: the expiry job's
   * candidates (each is then expired through `change`, which checks its status again).
   */
  async expiredRequests(now: number, limit: number): Promise<{ id: string; product_id: string }[]> {
    return this.db
      .selectFrom('bookings')
      .select(['id', 'product_id'])
      .where('status', '=', 'requested')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  /**
   * Gives the open requests the expiry times `expiryMs` makes (that long after each was made;
   * 0: never), so that a changed `bookings.requestExpiry` applies to the requests already open
   * (SPEC 9: a request expires when it is older than it). Only those that differ are written.
   */
  async applyExpiry(expiryMs: number): Promise<number> {
    const rows = await this.db.selectFrom('bookings').select(['id', 'created_at', 'expires_at']).where('status', '=', 'requested').execute();
    let changed = 0;
    for (const row of rows) {
      const wanted = expiryMs > 0 ? Date.parse(row.created_at) + expiryMs : null;
      if ((row.expires_at === null ? null : Number(row.expires_at)) === wanted) continue;
      await this.db.updateTable('bookings').set({ expires_at: wanted }).where('id', '=', row.id).where('status', '=', 'requested').execute();
      changed++;
    }
    return changed;
  }

  /**
   * Which of these reservations (by id, with the booking each names) hold a confirmed booking
   * of the product: the booking's own reservation, not one that merely copies its id.
   */
  async holdingReservations(productId: string, items: readonly { id: string; bookingId: string }[]): Promise<Set<string>> {
    const ids = [...new Set(items.map((item) => item.bookingId))];
    const holding = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('bookings')
        .select(['id', 'doc'])
        .where('product_id', '=', productId)
        .where('status', '=', 'confirmed')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const row of rows) {
        const { reservationId } = JSON.parse(row.doc) as { reservationId?: string };
        if (reservationId !== undefined && items.some((item) => item.bookingId === row.id && item.id === reservationId)) holding.add(reservationId);
      }
    }
    return holding;
  }

  /** The customers' names of some bookings, by booking id (the owner's private calendar feed shows them). */
  async customerNames(ids: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await this.db.selectFrom('bookings').select(['id', 'doc']).where('id', 'in', unique.slice(i, i + 500)).execute();
      for (const row of rows) names.set(row.id, (JSON.parse(row.doc) as { customer: { name: string } }).customer.name);
    }
    return names;
  }
}
