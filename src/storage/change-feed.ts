import pg from 'pg';

type Listener = () => void;

/**
 * Counts committed changes to what product responses are made of (products, accounts,
 * media), so that read caches know when they are stale. On PostgreSQL every instance
 * LISTENs for the NOTIFY that writers send inside their transactions, so a change made on
 * one instance reaches the others' caches as soon as it commits.
 */
export class ChangeFeed {
  private current = 0;
  private readonly listeners = new Set<Listener>();
  private client?: pg.Client;

  static readonly CHANNEL = 'rental_changes';

  get generation(): number {
    return this.current;
  }

  /** Records a change made by this process (after its commit). */
  bump(): void {
    this.current++;
    for (const listener of this.listeners) listener();
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** PostgreSQL: follow the other instances' writes. */
  async listen(connectionString: string): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', () => this.bump());
    // A lost connection could miss notifications: treat it as a change, then reconnect.
    client.on('error', () => {
      this.bump();
      this.client = undefined;
      setTimeout(() => void this.listen(connectionString).catch(() => this.bump()), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${ChangeFeed.CHANNEL}`);
    this.client = client;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    client?.removeAllListeners('error');
    await client?.end().catch(() => undefined);
  }
}
