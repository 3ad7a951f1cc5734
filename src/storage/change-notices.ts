import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/** Between attempts to tell the other instances what they may have missed. */
const RETRY_MS = 1_000;

/**
 * PostgreSQL: tells the other instances of a committed change (a NOTIFY on the change feed's
 * channel). The write has committed by then, so a notice that cannot be sent (the connection
 * lost right after the commit) must not fail it: its caller would see an error for a write
 * that was made. The notice is owed instead: a notice that everything changed is sent once
 * the database answers again, attempt after attempt, so that the others' caches follow.
 */
export class ChangeNotices {
  private owed?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly channel: string,
    /** The payload of a change of everything. */
    private readonly everything = '',
  ) {}

  async send(payload: string): Promise<void> {
    try {
      await this.notify(payload);
    } catch (error) {
      this.owe(error);
    }
  }

  private async notify(payload: string): Promise<void> {
    await sql`SELECT pg_notify(${this.channel}, ${payload})`.execute(this.db);
  }

  private owe(error: unknown): void {
    if (this.owed || this.closed) return;
    console.warn(`Could not tell the other instances of a committed change (${(error as Error).message}); they will be told that everything changed once the database answers.`);
    const attempt = () => {
      this.owed = setTimeout(() => {
        this.notify(this.everything).then(
          () => (this.owed = undefined),
          () => {
            if (!this.closed) attempt();
          },
        );
      }, RETRY_MS);
      this.owed.unref();
    };
    attempt();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.owed);
  }
}
