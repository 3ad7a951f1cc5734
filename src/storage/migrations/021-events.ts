import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/** The advisory lock that orders outbox writes on PostgreSQL (see nextEventId). */
export const OUTBOX_LOCK = 7_348_111_001;
/** The channel on which a commit with events wakes every instance's readers. */
export const EVENTS_CHANNEL = 'rental_events';

/**
 * The outbox: one row per event, written in the transaction of the change it records, and a
 * small table of the outbox's positions (how far it was pruned, how far webhooks fanned it out).
 *
 * Event ids must grow in commit order, so that a reader paging by id never passes an id that a
 * transaction still in flight will commit later. SQLite commits one writer at a time, so its
 * AUTOINCREMENT id does (and never reuses an id, even once every row is pruned). A PostgreSQL
 * sequence does not: two transactions may draw 7 and 8 and commit 8 first, and a reader that
 * saw 8 would never look back for 7. So on PostgreSQL an event's id is drawn by
 * rc_next_event_id(), the column's default, which first takes a transaction-scoped advisory
 * lock: a transaction that writes events holds it from its first event until its commit, and
 * the next one draws its ids only after that commit is visible. The lock is released after
 * the commit becomes visible, so a reader that sees an id sees every smaller one that will ever
 * commit. Writers append their events last, just before COMMIT, so the lock is held only for
 * that moment; it serialises the commits of writes that record events, not their work. (A
 * commit-time sequence assigned later by a single sequencer would not block writers at all,
 * but would delay every event by the sequencer's round, and add a second write per event.)
 * The same function sends the NOTIFY that wakes other instances' readers: delivered at commit,
 * and only if the transaction commits.
 */
export function eventsMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const statements = pg
    ? [
        `CREATE SEQUENCE events_id_seq`,
        `CREATE FUNCTION rc_next_event_id() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $fn$
         BEGIN
           PERFORM pg_advisory_xact_lock(${OUTBOX_LOCK});
           PERFORM pg_notify('${EVENTS_CHANNEL}', '');
           RETURN nextval('events_id_seq');
         END $fn$`,
        `CREATE TABLE events (
          id bigint PRIMARY KEY DEFAULT rc_next_event_id(),
          type text NOT NULL,
          created_at text NOT NULL,
          data text NOT NULL,
          owner_id text,
          former_owner_id text,
          public integer NOT NULL DEFAULT 0
        )`,
        `ALTER SEQUENCE events_id_seq OWNED BY events.id`,
      ]
    : [
        `CREATE TABLE events (
          id integer PRIMARY KEY AUTOINCREMENT,
          type text NOT NULL,
          created_at text NOT NULL,
          data text NOT NULL,
          owner_id text,
          former_owner_id text,
          public integer NOT NULL DEFAULT 0
        )`,
      ];
  statements.push(
    `CREATE INDEX events_created_at ON events (created_at)`,
    `CREATE TABLE outbox_positions (name text PRIMARY KEY, position ${pg ? 'bigint' : 'integer'} NOT NULL)`,
  );
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
