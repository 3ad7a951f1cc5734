import { randomBytes } from 'node:crypto';
import { NotificationListener } from './notification-listener.js';

/** Told of a change; `key` names the one row it changed, when the writer said which. */
type Listener = (key?: string) => void;

/**
 * What a committed write changed: product rows, accounts, sessions or media. Sessions are a
 * topic of their own: a refreshed or revoked token changes no product body, so it must not
 * empty the products cache as an account change does.
 */
export type ChangeTopic = 'products' | 'accounts' | 'sessions' | 'media';
const TOPICS: readonly ChangeTopic[] = ['products', 'accounts', 'sessions', 'media'];
const isTopic = (value: string): value is ChangeTopic => (TOPICS as readonly string[]).includes(value);

/** A committed change as the read model hears it: its topic, and the one row it changed when the writer said which. */
export interface CommittedChange {
  topic: ChangeTopic;
  key?: string;
}

/** What a cache follows: a generation that moves, and listeners that run, on every change it depends on. */
export interface ChangeSource {
  readonly generation: number;
  onChange(listener: Listener): () => void;
  /**
   * SQLite: a number that moves whenever another process commits to the file (its
   * `data_version`), read now; undefined where changes arrive otherwise (PostgreSQL).
   */
  otherWriters(): number | undefined;
}

/**
 * Counts committed changes per topic, so that each read cache empties only when what it
 * holds may have changed (a product write leaves the owners' profiles and the media cached).
 * On PostgreSQL every instance LISTENs for the NOTIFY (its payload the topic) that writers
 * send after their commits, so a change made on one instance reaches the others' caches.
 */
export class ChangeFeed implements ChangeSource {
  /**
   * Names this feed's own notices: its instance hears them too, after it has bumped for the
   * write itself, and a read started in between would not be kept (a second invalidation of
   * every write, late by the round trip).
   */
  readonly origin = randomBytes(6).toString('hex');
  private readonly counts = new Map<ChangeTopic, number>(TOPICS.map((topic) => [topic, 0]));
  private readonly listeners = new Map<ChangeTopic, Set<Listener>>(TOPICS.map((topic) => [topic, new Set()]));
  private listener?: NotificationListener;
  private poller?: NodeJS.Timeout;
  /** SQLite: reads `data_version`, which moves with every commit of another process. */
  private dataVersion?: () => number;

  static readonly CHANNEL = 'rental_changes';

  /** Moves with a change of any topic. */
  get generation(): number {
    return this.generationOf(TOPICS);
  }

  private generationOf(topics: readonly ChangeTopic[]): number {
    let sum = 0;
    for (const topic of topics) sum += this.counts.get(topic) ?? 0;
    return sum;
  }

  /**
   * Records a change (after its commit); without a topic, a change of everything. A key names
   * the one row the change touched (a product's id), for caches that can forget just that row.
   */
  bump(topic?: ChangeTopic, key?: string): void {
    for (const changed of topic ? [topic] : TOPICS) {
      this.counts.set(changed, (this.counts.get(changed) ?? 0) + 1);
      for (const listener of this.listeners.get(changed) ?? []) listener(topic ? key : undefined);
    }
  }

  /**
   * The NOTIFY payload of this feed's change: its origin and a bar, its topic (none: a change
   * of everything), and after a colon the key it names, if any.
   */
  payload(topic?: ChangeTopic, key?: string): string {
    return `${this.origin}|${topic ?? ''}${key === undefined ? '' : `:${key}`}`;
  }

  onChange(listener: Listener): () => void {
    return this.subscribe(TOPICS, listener);
  }

  /** Every change, with its topic (a change of everything comes as one per topic). */
  onCommitted(listener: (change: CommittedChange) => void): () => void {
    const unsubscribe = TOPICS.map((topic) => this.subscribe([topic], (key) => listener(key === undefined ? { topic } : { topic, key })));
    return () => unsubscribe.forEach((stop) => stop());
  }

  private subscribe(topics: readonly ChangeTopic[], listener: Listener): () => void {
    for (const topic of topics) this.listeners.get(topic)?.add(listener);
    return () => topics.forEach((topic) => this.listeners.get(topic)?.delete(listener));
  }

  /** The changes of some topics only. */
  source(...topics: ChangeTopic[]): ChangeSource {
    const generation = () => this.generationOf(topics);
    return {
      get generation() {
        return generation();
      },
      onChange: (listener) => this.subscribe(topics, listener),
      otherWriters: () => this.otherWriters(),
    };
  }

  /** PostgreSQL: follow the other instances' writes (see NotificationListener for how it survives failures). */
  async listen(connectionString: string, timeoutMs: number): Promise<void> {
    const listener = new NotificationListener(connectionString, ChangeFeed.CHANNEL, timeoutMs, {
      notified: (notice) => {
        const bar = notice.indexOf('|');
        // A payload without an origin (an instance of an older version) counts as another's.
        if (bar >= 0 && notice.slice(0, bar) === this.origin) return;
        const payload = notice.slice(bar + 1);
        const colon = payload.indexOf(':');
        const topic = colon < 0 ? payload : payload.slice(0, colon);
        if (isTopic(topic)) this.bump(topic, colon < 0 ? undefined : payload.slice(colon + 1));
        else this.bump();
      },
      missed: () => this.bump(),
    });
    await listener.start();
    this.listener = listener;
  }

  /**
   * SQLite: follow the writes of other processes on the same file (the command line's
   * `seed:demo` and `users:create` while the service runs, or a second service). SQLite's
   * `data_version` moves when another connection commits, never for this process's own
   * writes, which bump the feed themselves; it is read every `everyMs`, so another process's
   * write reaches the caches within that time. A change of everything: what it changed is
   * not known.
   */
  followOtherWriters(dataVersion: () => number, everyMs: number): void {
    let seen = dataVersion();
    this.dataVersion = dataVersion;
    this.poller = setInterval(() => {
      const now = dataVersion();
      if (now === seen) return;
      seen = now;
      this.bump();
    }, everyMs);
    this.poller.unref();
  }

  /**
   * SQLite: `data_version` read now. A cache whose staleness is not allowed for even a poll's
   * time (sessions: a logout on another process is dead at once, SPEC 4) compares it before it
   * answers and empties itself alone; the other caches follow the poll.
   */
  otherWriters(): number | undefined {
    return this.dataVersion?.();
  }

  async close(): Promise<void> {
    clearInterval(this.poller);
    await this.listener?.close();
    this.listener = undefined;
  }
}
