import { hasAdminRole } from '../domain/admin-role.js';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ReadFilter, SortKey, WhereNode } from '../domain/where/types.js';
import { wantsType } from '../domain/webhooks.js';
import { FilteredRows } from './filtered-rows.js';
import type { ListReader } from './list-reader.js';
import type { DatabaseSchema, Dialect, WebhookAttemptsTable, WebhooksTable } from './schema.js';
import { whereToSql } from './where-sql.js';

export type WebhookRow = Selectable<WebhooksTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** A delivery an instance holds for one attempt, with what the attempt needs. */
export interface ClaimedDelivery {
  webhookId: string;
  eventId: number;
  /** Failed attempts so far. */
  attempts: number;
  firstAttemptAt: number | null;
  /** The claim's end: the token that the attempt's result is recorded under. */
  claimedUntil: number;
  url: string;
  sealedSecret: string;
  type: string;
  createdAt: string;
  data: string;
}

/** An attempt's entry in the log. */
export type AttemptLog = Omit<WebhookAttemptsTable, 'id'>;

const CHUNK = 200;
const FAN_OUT_POSITION = 'webhooks';

export class WebhooksRepository {
  private readonly filtered: FilteredRows<'webhooks'>;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    reader: ListReader,
    private readonly dialect: Dialect,
  ) {
    this.filtered = new FilteredRows(db, reader, 'webhooks');
  }

  /** Stores a new webhook; it receives the events committed after this. */
  async insert(row: Omit<WebhooksTable, 'since_event'>): Promise<void> {
    await this.db
      .insertInto('webhooks')
      .values({ ...row, since_event: sql<number>`(SELECT coalesce(max(id), 0) FROM events)` })
      .execute();
  }

  async get(id: string, access?: WhereNode): Promise<WebhookRow | undefined> {
    const query = this.db.selectFrom('webhooks').selectAll().where('id', '=', id);
    return (access ? query.where(whereToSql('webhooks', access)) : query).executeTakeFirst();
  }

  list(filter: ReadFilter, sort: SortKey[], limit: number, offset: number): Promise<WebhookRow[]> {
    return this.filtered.rows(filter, sort, limit, offset);
  }

  count(filter: ReadFilter): Promise<number> {
    return this.filtered.count(filter);
  }

  /**
   * Changes a webhook; deactivating it drops the deliveries it still owed, and `resume` (it is
   * activated again) makes it receive only the events committed from now on, as a new one.
   */
  async update(id: string, changes: Partial<Omit<WebhooksTable, 'id' | 'owner_id' | 'secret' | 'since_event' | 'created_at'>>, resume = false): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const since = resume ? { since_event: sql<number>`(SELECT coalesce(max(id), 0) FROM events)` } : {};
      await trx.updateTable('webhooks').set({ ...changes, ...since }).where('id', '=', id).execute();
      if (changes.active === 0) await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
    });
  }

  /** Deletes a webhook with its queue and log; whether it existed. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The newest attempts of a webhook, newest first. */
  attempts(webhookId: string, limit: number): Promise<AttemptRow[]> {
    return this.db.selectFrom('webhook_attempts').selectAll().where('webhook_id', '=', webhookId).orderBy('id', 'desc').limit(limit).execute();
  }

  /**
   * Fans the next events of the outbox out to the active webhooks that want them: one queued
   * delivery per webhook and event, and the fan-out position moved past them, in one
   * transaction. On PostgreSQL the position's row is locked for it: an instance that finds
   * it locked skips (another is fanning out). Returns how many events it went through.
   */
  async fanOut(now: number, limit: number): Promise<number> {
    // Without an active webhook there is nothing to fan out, and nothing is written: a webhook
    // created later starts after the events committed before it (since_event) anyway.
    const first = await this.db.selectFrom('webhooks').select(sql<number | null>`min(since_event)`.as('since')).where('active', '=', 1).executeTakeFirst();
    if (first?.since === null || first?.since === undefined) return 0;
    const since = Number(first.since);
    return this.db.transaction().execute(async (trx) => {
      const position = await this.lockedPosition(trx);
      if (position === undefined) return 0;
      const from = Math.max(position, since);
      const events = await trx.selectFrom('events').select(['id', 'type', 'owner_id', 'former_owner_id']).where('id', '>', from).orderBy('id').limit(limit).execute();
      const last = events.at(-1);
      if (!last) {
        if (from > position) await trx.updateTable('outbox_positions').set({ position: from }).where('name', '=', FAN_OUT_POSITION).execute();
        return 0;
      }
      const rows = await trx
        .selectFrom('webhooks')
        .leftJoin('rents', 'rents.id', 'webhooks.owner_id')
        .select(['webhooks.id', 'webhooks.owner_id', 'webhooks.events', 'webhooks.scope', 'webhooks.since_event', 'rents.roles'])
        .where('webhooks.active', '=', 1)
        .execute();
      // Global only while its owner is an admin (SPEC 11): an account no longer one keeps its own events.
      const hooks = rows.map(({ roles, scope, ...hook }) => ({ ...hook, global: scope === 'all' && roles !== null && hasAdminRole(roles), types: JSON.parse(hook.events) as string[] }));
      const deliveries = events.flatMap((event) =>
        hooks
          .filter((hook) => event.id > Number(hook.since_event) && wantsType(hook.types, event.type))
          .filter((hook) => hook.global || hook.owner_id === event.owner_id || hook.owner_id === event.former_owner_id)
          .map((hook) => ({ webhook_id: hook.id, event_id: event.id, next_attempt_at: now })),
      );
      for (let i = 0; i < deliveries.length; i += CHUNK) {
        await trx.insertInto('webhook_deliveries').values(deliveries.slice(i, i + CHUNK)).onConflict((oc) => oc.doNothing()).execute();
      }
      await trx.updateTable('outbox_positions').set({ position: last.id }).where('name', '=', FAN_OUT_POSITION).execute();
      return events.length;
    });
  }

  private async lockedPosition(trx: Transaction<DatabaseSchema>): Promise<number | undefined> {
    const query = trx.selectFrom('outbox_positions').select('position').where('name', '=', FAN_OUT_POSITION);
    const row = await (this.dialect === 'postgres' ? query.forUpdate().skipLocked() : query).executeTakeFirst();
    return row === undefined ? undefined : Number(row.position);
  }

  /**
   * Claims up to `limit` deliveries that are due and not held by anyone, until `until`: an
   * instance killed mid-attempt leaves its claims to run out. On PostgreSQL the rows are
   * picked FOR UPDATE SKIP LOCKED, so instances claiming at once take different ones.
   */
  async claim(now: number, until: number, limit: number, skipWebhooks: readonly string[] = []): Promise<ClaimedDelivery[]> {
    // A read first: most wakes find nothing due, and an UPDATE would be a write even then.
    const due = await this.db.selectFrom('webhook_deliveries').select('event_id').where('next_attempt_at', '<=', now).where('claimed_until', '<=', now).limit(1).executeTakeFirst();
    if (!due) return [];
    const skipLocked = this.dialect === 'postgres' ? sql`FOR UPDATE OF d SKIP LOCKED` : sql``;
    const skipped = skipWebhooks.length > 0 ? sql`AND d.webhook_id NOT IN (${sql.join([...skipWebhooks])})` : sql``;
    const claimed = await sql<{ webhook_id: string; event_id: number; attempts: number; first_attempt_at: number | null }>`
      UPDATE webhook_deliveries SET claimed_until = ${until}
      WHERE (webhook_id, event_id) IN (
        SELECT d.webhook_id, d.event_id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.next_attempt_at <= ${now} AND d.claimed_until <= ${now} AND w.active = 1 ${skipped}
        ORDER BY d.next_attempt_at LIMIT ${limit} ${skipLocked})
      RETURNING webhook_id, event_id, attempts, first_attempt_at`.execute(this.db);
    if (claimed.rows.length === 0) return [];
    const hooks = new Map(
      (await this.db.selectFrom('webhooks').select(['id', 'url', 'secret']).where('id', 'in', [...new Set(claimed.rows.map((row) => row.webhook_id))]).execute()).map((hook) => [hook.id, hook]),
    );
    const events = new Map(
      (await this.db.selectFrom('events').select(['id', 'type', 'created_at', 'data']).where('id', 'in', [...new Set(claimed.rows.map((row) => Number(row.event_id)))]).execute()).map((event) => [Number(event.id), event]),
    );
    return claimed.rows.flatMap((row) => {
      const hook = hooks.get(row.webhook_id);
      const event = events.get(Number(row.event_id));
      if (!hook || !event) return [];
      return [{
        webhookId: row.webhook_id,
        eventId: Number(row.event_id),
        attempts: Number(row.attempts),
        firstAttemptAt: row.first_attempt_at === null ? null : Number(row.first_attempt_at),
        claimedUntil: until,
        url: hook.url,
        sealedSecret: hook.secret,
        type: event.type,
        createdAt: event.created_at,
        data: event.data,
      }];
    });
  }

  /** A 2xx: the delivery is done (unless its claim ran out meanwhile and another instance holds it now). */
  async succeeded(claim: ClaimedDelivery, log: AttemptLog): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('webhook_deliveries')
        .where('webhook_id', '=', claim.webhookId)
        .where('event_id', '=', claim.eventId)
        .where('claimed_until', '=', claim.claimedUntil)
        .execute();
      await trx.insertInto('webhook_attempts').values(log).execute();
    });
  }

  /** A failed attempt with a retry due at `nextAt`. */
  async retryLater(claim: ClaimedDelivery, log: AttemptLog, nextAt: number, firstAttemptAt: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_deliveries')
        .set({ attempts: claim.attempts + 1, first_attempt_at: firstAttemptAt, next_attempt_at: nextAt, claimed_until: 0 })
        .where('webhook_id', '=', claim.webhookId)
        .where('event_id', '=', claim.eventId)
        .where('claimed_until', '=', claim.claimedUntil)
        .execute();
      await trx.insertInto('webhook_attempts').values(log).execute();
    });
  }

  /** The last failure of a delivery retried for long enough: the webhook is deactivated with the reason, and owes nothing more. */
  async gaveUp(claim: ClaimedDelivery, log: AttemptLog, reason: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('webhook_attempts').values(log).execute();
      await trx.updateTable('webhooks').set({ active: 0, deactivated_reason: reason, updated_at: now }).where('id', '=', claim.webhookId).execute();
      await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', claim.webhookId).execute();
    });
  }

  /** An attempt cut short (the service is stopping): free for the next claim at once, nothing logged. */
  async release(claim: ClaimedDelivery): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: 0 })
      .where('webhook_id', '=', claim.webhookId)
      .where('event_id', '=', claim.eventId)
      .where('claimed_until', '=', claim.claimedUntil)
      .execute();
  }

  /**
   * The first event still needed: owed to a webhook, or not yet fanned out to an active one
   * (the outbox keeps it and what follows). Without an active webhook the fan-out position
   * holds nothing back: a webhook created or activated later starts after the newest event.
   */
  async firstNeededEvent(): Promise<number> {
    const owed = await this.db.selectFrom('webhook_deliveries').select(sql<number | null>`min(event_id)`.as('first')).executeTakeFirst();
    const active = await this.db.selectFrom('webhooks').select('id').where('active', '=', 1).limit(1).executeTakeFirst();
    const position = active ? await this.db.selectFrom('outbox_positions').select('position').where('name', '=', FAN_OUT_POSITION).executeTakeFirst() : undefined;
    const next = active ? Number(position?.position ?? 0) + 1 : Number.MAX_SAFE_INTEGER;
    return owed?.first === null || owed?.first === undefined ? next : Math.min(Number(owed.first), next);
  }

  /** Drops log entries written before `before` (an ISO time). */
  async pruneAttempts(before: string): Promise<void> {
    await this.db.deleteFrom('webhook_attempts').where('at', '<', before).execute();
  }
}
