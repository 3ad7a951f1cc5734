import type pg from 'pg';
import { answerWithin } from './answer-within.js';

/** How often the listening connection is asked whether it still answers. */
const HEARTBEAT_MS = 5_000;
/** While not listening, how often everything counts as changed (as SQLite's poll of other writers). */
const UNFOLLOWED_BUMP_MS = 250;
/** Waits between attempts to listen again: from the first to the last, then the last again. */
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

export interface NotificationHandlers {
  /** A NOTIFY's payload. */
  notified(payload: string): void;
  /** Notifications may have been missed: every cache must let go of what it holds. */
  missed(): void;
}

/**
 * LISTENs on a PostgreSQL channel over a connection of its own, and keeps doing so through
 * failures. A connection that errors, ends, or leaves a heartbeat unanswered for `timeoutMs`
 * (a partition gives no error, only silence) is replaced, attempt after attempt, until one
 * listens again. Between the loss and then, notifications may be missed, so `missed` is
 * called at the loss, every 250 ms meanwhile, and once more when listening again: another
 * instance's writes reach this one's caches within that time even while the channel is down.
 */
export class NotificationListener {
  private client?: pg.Client;
  private heartbeat?: NodeJS.Timeout;
  private unfollowed?: NodeJS.Timeout;
  private retry?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly timeoutMs: number,
    private readonly handlers: NotificationHandlers,
  ) {}

  /** The first connection; it must succeed (the service does not start without it). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const { default: driver } = await import('pg');
    const client = new driver.Client({ connectionString: this.connectionString, connectionTimeoutMillis: this.timeoutMs, keepAlive: true });
    client.on('notification', ({ payload = '' }) => this.handlers.notified(payload));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await this.answered(client.query(`LISTEN ${this.channel}`));
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) return void client.end().catch(() => undefined);
    this.client = client;
    this.heartbeat = setInterval(() => void this.answered(client.query('SELECT 1')).catch(() => this.lost(client)), HEARTBEAT_MS).unref();
  }

  private answered<T>(query: Promise<T>): Promise<T> {
    return answerWithin(query, this.timeoutMs, 'PostgreSQL');
  }

  private lost(client: pg.Client): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    clearInterval(this.heartbeat);
    client.end().catch(() => undefined);
    this.handlers.missed();
    this.unfollowed = setInterval(() => this.handlers.missed(), UNFOLLOWED_BUMP_MS).unref();
    this.reconnect(0);
  }

  private reconnect(attempt: number): void {
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] as number;
    this.retry = setTimeout(() => {
      this.connect().then(
        () => {
          clearInterval(this.unfollowed);
          this.handlers.missed();
        },
        () => {
          if (!this.closed) this.reconnect(attempt + 1);
        },
      );
    }, wait);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.unfollowed);
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (client) await this.answered(client.end()).catch(() => undefined);
  }
}
