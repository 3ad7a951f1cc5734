import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { EventType } from '../domain/event-types.js';
import { Remembered } from '../domain/remembered.js';
import { EVENTS_CHANNEL } from './migrations/021-events.js';
import { NotificationListener } from './notification-listener.js';
import type { ListReader } from './list-reader.js';
import type { NowStatements } from './sqlite-now.js';
import type { DatabaseSchema, Dialect, EventsTable } from './schema.js';

/** An event to record with a change (SPEC 11): `{id, type, createdAt, data}` once stored. */
export interface NewEvent {
  type: EventType;
  /** The event's `data`, as JSON text. */
  data: string;
  /** The account the event is about: the owner of the product, booking, media or calendar. */
  owner?: string | null;
  /** The product's owner before the change, when an admin moved it to another account. */
  formerOwner?: string | null;
  /** Whether anonymous callers may see it: product.* and reservation.* of a published product. */
  public?: boolean;
}

/** An event as stored. */
export type StoredEvent = Omit<EventsTable, 'id'> & { id: number };

/** The columns an event row is written with, in the order `eventValues` gives them. */
export const EVENT_COLUMNS = ['type', 'created_at', 'data', 'owner_id', 'former_owner_id', 'public'] as const;

/** An event's row values, in EVENT_COLUMNS' order. */
export const eventValues = (event: NewEvent, createdAt: string): [string, string, string, string | null, string | null, number] => [
  event.type,
  createdAt,
  event.data,
  event.owner ?? null,
  event.formerOwner ?? null,
  event.public ? 1 : 0,
];

/** While nothing else wakes the readers, how often they look anyway (another process's commit on a shared SQLite file, a lost notification). */
const LOOK_ANYWAY_MS = 1_000;
/** Rows deleted per statement when pruning, so that no one statement holds the table long. */
const PRUNE_CHUNK = 5_000;

/**
 * The transactional outbox (SPEC 11): events are written by `append` inside the transaction
 * of the change they record, so a change that rolls back leaves none and a committed one
 * always has its own. Ids grow in commit order on both databases (see migration 021), so
 * readers page by id (`after`) and never skip one that commits late. Readers are woken
 * (`onAppended`) after a commit with events: on SQLite by the group commit, on PostgreSQL by
 * the NOTIFY the commit sends to every instance, and in any case every second.
 */
export class Outbox {
  private readonly listeners = new Set<() => void>();
  private appendedSinceCommit = false;
  private listener?: NotificationListener;
  private readonly timer: NodeJS.Timeout;
  /** The INSERT texts by number of rows (see insertSql); a few counts recur, most writes record one. */
  private readonly inserts = new Remembered<number, string>(16);

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    /** Where events are read: on SQLite a connection of its own, which sees only committed rows. */
    private readonly reader: ListReader,
    readonly dialect: Dialect,
  ) {
    this.timer = setInterval(() => this.wake(), LOOK_ANYWAY_MS).unref();
  }

  /**
   * Records events in `trx`, the transaction of the change itself. On PostgreSQL this takes
   * the outbox's lock until the commit (see migration 021): call it last, right before the
   * transaction commits, and never wait on other locks after it.
   */
  async append(trx: Transaction<DatabaseSchema>, events: readonly NewEvent[]): Promise<void> {
    const insert = this.insertOf(events);
    if (!insert) return;
    await trx.executeQuery(insert);
    this.appendedSinceCommit = true;
  }

  /** `append` in SQLite's fast lane (see SqliteNow), inside the write's work. */
  appendNow(db: NowStatements, events: readonly NewEvent[]): void {
    const insert = this.insertOf(events);
    if (!insert) return;
    db.run(insert.sql, insert.parameters);
    this.appendedSinceCommit = true;
  }

  /** The INSERT that records `events`, timed now; none for no events. */
  private insertOf(events: readonly NewEvent[]): CompiledQuery | undefined {
    if (events.length === 0) return undefined;
    const createdAt = new Date().toISOString();
    return CompiledQuery.raw(this.insertSql(events.length), events.flatMap((event) => eventValues(event, createdAt)));
  }

  /** The INSERT of `rows` events, compiled by Kysely once per count (most writes record one) instead of built on every write. */
  private insertSql(rows: number): string {
    return this.inserts.get(rows, () => {
      const row = Object.fromEntries(EVENT_COLUMNS.map((column) => [column, null])) as unknown as Omit<EventsTable, 'id'>;
      return this.db.insertInto('events').values(Array.from({ length: rows }, () => row)).compile().sql;
    });
  }

  /** SQLite: a group commit ended; wakes the readers if it carried events. */
  committed(): void {
    if (!this.appendedSinceCommit) return;
    this.appendedSinceCommit = false;
    this.wake();
  }

  /** Listens for new events: called soon after every commit that recorded some, on any instance. */
  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private wake(): void {
    for (const listener of this.listeners) listener();
  }

  /** PostgreSQL: wake on the NOTIFY of other instances' (and this one's) commits. */
  async listen(connectionString: string, timeoutMs: number): Promise<void> {
    const listener = new NotificationListener(connectionString, EVENTS_CHANNEL, timeoutMs, { notified: () => this.wake(), missed: () => this.wake() });
    await listener.start();
    this.listener = listener;
  }

  /** Committed events after `id`, oldest first, at most `limit`. */
  async after(id: number, limit: number): Promise<StoredEvent[]> {
    return this.reader.rows<StoredEvent>(
      this.db.selectFrom('events').selectAll().where('id', '>', id).orderBy('id').limit(limit).compile(),
    );
  }

  /**
   * The last committed event's id (0 when there is none). `onServiceConnection` reads it there:
   * an index lookup, which need not wait for the reader's thread (nor start it, as the service starts).
   */
  async head(onServiceConnection = false): Promise<number> {
    const query = sql<{ head: number | null }>`SELECT max(id) AS head FROM events`;
    const [row] = onServiceConnection ? (await query.execute(this.db)).rows : await this.reader.rows<{ head: number | null }>(query.compile(this.db));
    return Number(row?.head ?? 0);
  }

  /** A named position in the outbox (0 when never set). */
  async position(name: string, db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema> = this.db): Promise<number> {
    const row = await db.selectFrom('outbox_positions').select('position').where('name', '=', name).executeTakeFirst();
    return Number(row?.position ?? 0);
  }

  /** Moves a named position forward to `position` (never back). */
  async advance(name: string, position: number, db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema> = this.db): Promise<void> {
    await sql`INSERT INTO outbox_positions (name, position) VALUES (${name}, ${position})
      ON CONFLICT (name) DO UPDATE SET position = CASE WHEN excluded.position > outbox_positions.position THEN excluded.position ELSE outbox_positions.position END`.execute(db);
  }

  /** When the event `id` was committed (ISO time); undefined when there is no such event (pruned, or never). */
  async createdAt(id: number): Promise<string | undefined> {
    const [row] = await this.reader.rows<{ created_at: string }>(this.db.selectFrom('events').select('created_at').where('id', '=', id).compile());
    return row?.created_at;
  }

  /** The last id pruned: a reader resuming from before it has missed events. */
  prunedThrough(): Promise<number> {
    return this.position('pruned');
  }

  /**
   * Deletes the events created before `before` (an ISO time) whose ids are below `keepFrom`
   * (events someone still needs); returns how many went.
   */
  async prune(before: string, keepFrom: number): Promise<number> {
    const last = await this.db.selectFrom('events').select(sql<number | null>`max(id)`.as('last')).where('created_at', '<', before).where('id', '<', keepFrom).executeTakeFirst();
    const through = Number(last?.last ?? 0);
    if (through === 0) return 0;
    await this.advance('pruned', through);
    let deleted = 0;
    for (;;) {
      const chunk = this.db.selectFrom('events').select('id').where('id', '<=', through).orderBy('id').limit(PRUNE_CHUNK);
      const result = await this.db.deleteFrom('events').where('id', 'in', chunk).executeTakeFirst();
      const count = Number(result.numDeletedRows);
      deleted += count;
      if (count < PRUNE_CHUNK) return deleted;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.listeners.clear();
    await this.listener?.close();
  }
}
