import { sql } from 'kysely';
import { DEFAULT_DATABASE_TIMEOUT_MS, migrate, openDatabase, type DatabaseOptions } from './database.js';
import { MediaRepository } from './media-repository.js';
import { BookingsRepository } from './bookings-repository.js';
import { PasswordResetsRepository } from './password-resets-repository.js';
import { ProductsRepository } from './products-repository.js';
import { RentsRepository } from './rents-repository.js';
import { SessionsRepository } from './sessions-repository.js';
import { CalendarTokensRepository } from './calendar-tokens-repository.js';
import { CalendarsRepository } from './calendars-repository.js';
import type { Dialect } from './schema.js';
import { ReservationBlocks } from './reservation-blocks.js';
import { ChangeFeed, type ChangeTopic } from './change-feed.js';
import { ChangeNotices } from './change-notices.js';
import { OwnerProfiles } from './owner-profiles.js';
import { FLUSH_SEARCH_INDEX } from './migrations/002-batched-search-index.js';
import { PlannerStatistics } from './planner-statistics.js';
import { LeaseStore } from '../jobs/lease-store.js';
import { Outbox } from './outbox.js';
import { WebhooksRepository } from './webhooks-repository.js';

/** How often a SQLite storage looks for other processes' writes (see ChangeFeed.followOtherWriters). */
const OTHER_WRITERS_POLL_MS = 250;

/** The service's one door to its database, whichever dialect is behind it. */
export interface Storage {
  readonly dialect: Dialect;
  readonly products: ProductsRepository;
  readonly rents: RentsRepository;
  readonly media: MediaRepository;
  readonly sessions: SessionsRepository;
  readonly passwordResets: PasswordResetsRepository;
  /** Hashed tokens of the owners' private calendar feeds. */
  readonly calendarTokens: CalendarTokensRepository;
  /** Imported calendars (SPEC section 10). */
  readonly calendars: CalendarsRepository;
  readonly bookings: BookingsRepository;
  /** Accounts' names and profiles as products show them, cached until an account changes. */
  readonly owners: OwnerProfiles;
  /** Committed changes to products, accounts, sessions and media, for read caches. */
  readonly changes: ChangeFeed;
  /** Background jobs' leases (src/jobs). */
  readonly leases: LeaseStore;
  /** The events of SPEC 11, written in the transactions of the changes they record. */
  readonly outbox: Outbox;
  /** Every product's reservation blocks at once, for the read model's availability index. */
  readonly reservationBlocks: ReservationBlocks;
  /** Webhook subscriptions, their queue of deliveries and their log. */
  readonly webhooks: WebhooksRepository;
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openStorage(databaseUrl: string, dataDir: string, options: DatabaseOptions = {}): Promise<Storage> {
  const { timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS } = options;
  const database = await openDatabase(databaseUrl, dataDir, options);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  database.limitStatements?.(timeoutMs);
  const { db, dialect } = database;
  database.runBeforeCommit?.(FLUSH_SEARCH_INDEX);
  const changes = new ChangeFeed();
  // Reads may have cached what a lost batch wrote.
  database.onWritesLost?.(() => changes.bump());
  if (dialect === 'postgres') await changes.listen(databaseUrl, timeoutMs);
  if (database.dataVersion) changes.followOtherWriters(database.dataVersion, OTHER_WRITERS_POLL_MS);
  const notices = dialect === 'postgres' ? new ChangeNotices(db, ChangeFeed.CHANNEL, changes.payload()) : undefined;
  // PostgreSQL's autovacuum keeps its own statistics.
  const statistics = dialect === 'sqlite' ? new PlannerStatistics(db, database.reader) : undefined;
  await statistics?.check();
  /** Called after every committed write, with what it changed (and the row, when it was one). */
  const changed = (topic: ChangeTopic) => async (key?: string) => {
    changes.bump(topic, key);
    if (topic === 'products') statistics?.changed();
    await notices?.send(changes.payload(topic, key));
  };
  const owners = new OwnerProfiles(db, changes.source('accounts'));
  const outbox = new Outbox(db, database.reader, dialect);
  database.onCommitted?.(() => outbox.committed());
  if (dialect === 'postgres') await outbox.listen(databaseUrl, timeoutMs);
  return {
    dialect,
    changes,
    owners,
    products: new ProductsRepository(db, database.reader, dialect, changed('products'), owners, outbox, database.now),
    rents: new RentsRepository(db, database.reader, dialect, changed('accounts')),
    media: new MediaRepository(db, database.reader, dialect, changed('media'), outbox),
    sessions: new SessionsRepository(db, changed('sessions')),
    passwordResets: new PasswordResetsRepository(db, changed('accounts')),
    leases: new LeaseStore(db),
    calendarTokens: new CalendarTokensRepository(db),
    calendars: new CalendarsRepository(db),
    bookings: new BookingsRepository(db, database.reader, dialect, changed('products'), outbox, database.now),
    outbox,
    reservationBlocks: new ReservationBlocks(db, database.reader, dialect),
    webhooks: new WebhooksRepository(db, database.reader, dialect),
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
    async close() {
      notices?.close();
      await outbox.close();
      await statistics?.close();
      await changes.close();
      await database.close();
    },
  };
}
