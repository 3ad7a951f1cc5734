import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Webhooks (SPEC 11): the subscriptions; the queue of deliveries still owed (one row per
 * webhook and event until it succeeds or is given up), claimed by an instance for a while
 * before each attempt; and the log of attempts. The fan-out position starts at the outbox's
 * head: no webhook existed before.
 */
export function webhooksMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const bigint = pg ? 'bigint' : 'integer';
  const statements = [
    `CREATE TABLE webhooks (
      id text PRIMARY KEY,
      owner_id text NOT NULL REFERENCES rents (id) ON DELETE CASCADE,
      url text NOT NULL,
      events text NOT NULL,
      scope text NOT NULL DEFAULT 'own',
      active integer NOT NULL DEFAULT 1,
      description text,
      secret text NOT NULL,
      since_event ${bigint} NOT NULL,
      deactivated_reason text,
      created_at text NOT NULL,
      updated_at text NOT NULL
    )`,
    `CREATE INDEX webhooks_owner ON webhooks (owner_id)`,
    `CREATE TABLE webhook_deliveries (
      webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event_id ${bigint} NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      first_attempt_at ${bigint},
      next_attempt_at ${bigint} NOT NULL,
      claimed_until ${bigint} NOT NULL DEFAULT 0,
      PRIMARY KEY (webhook_id, event_id)
    )`,
    `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)`,
    `CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)`,
    `CREATE TABLE webhook_attempts (
      id ${pg ? 'bigserial' : 'integer'} PRIMARY KEY,
      webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event_id ${bigint} NOT NULL,
      type text NOT NULL,
      attempt integer NOT NULL,
      status text NOT NULL,
      response_status integer,
      duration_ms integer NOT NULL,
      at text NOT NULL,
      error text
    )`,
    `CREATE INDEX webhook_attempts_webhook ON webhook_attempts (webhook_id, id)`,
    `INSERT INTO outbox_positions (name, position) SELECT 'webhooks', coalesce(max(id), 0) FROM events`,
  ];
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
