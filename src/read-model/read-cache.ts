import { LRUCache } from 'lru-cache';
import { ownString } from '../domain/own-string.js';

/** A change naming a key this many changes ago no longer tells a finishing read apart: it is refused. */
const REMEMBERED_KEYS = 4096;

/**
 * lru-cache takes no undefined or null, and T may include them: those two are stored as
 * these. Every other value is stored as it is, where a box around each (`{ value }`) was one
 * more object per entry for the garbage collector to mark: 100,000 of them with a catalogue
 * of 100,000 products cached.
 */
const UNDEFINED = Symbol('undefined');
const NULL = Symbol('null');
type Stored<T> = NonNullable<T> | typeof UNDEFINED | typeof NULL;

const stored = <T>(value: T): Stored<T> => (value === undefined ? UNDEFINED : value === null ? NULL : (value as NonNullable<T>));
const unstored = <T>(value: Stored<T> | undefined): T | undefined => (value === UNDEFINED ? undefined : value === NULL ? (null as T) : value);

/**
 * A cache bounded by the bytes of what it holds, least recently used out first (lru-cache),
 * emptied whenever the data behind it changes (its owner calls `changed`). It never serves anything
 * older than the last committed write this process has heard of: a read remembers the
 * generation it started at and is kept only if nothing it could have missed changed since.
 *
 * A cache whose keys are the rows' own keys (`byKey`) forgets only the entry a change names
 * when the change names one, so that writing one product leaves the others' entries warm.
 */
export class ReadCache<T> {
  private readonly entries: LRUCache<string, Stored<T>>;
  /** Loads running now, by key: callers asking meanwhile share them instead of repeating them. */
  private readonly loading = new Map<string, Promise<T | undefined>>();
  /** Counts the changes heard; a read remembers where it started. */
  private changes = 0;
  /** Reads that started before this change are not kept. */
  private lastClear = 0;
  /** The last change that named each key, for the most recent keys named. */
  private readonly changedKeys = new Map<string, number>();

  constructor(
    private readonly maxBytes: number,
    private readonly options: { byKey?: boolean } = {},
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes });
  }

  /** A committed change to what it holds: `key` names the one row changed, when the writer said which. */
  changed(key?: string): void {
    this.changes++;
    if (this.options.byKey && key !== undefined) this.forget(key);
    else this.clear();
  }

  /** The generation a read starts at; pass it to `set` so a read that raced a write is not kept. */
  get generation(): number {
    return this.changes;
  }

  /** Whether a read that started at `readAt` may be kept under `key`: nothing it could have missed has changed since. */
  private current(key: string, readAt: number): boolean {
    return readAt >= this.lastClear && (this.changedKeys.get(key) ?? readAt) <= readAt;
  }

  private forget(key: string): void {
    this.loading.delete(key);
    this.entries.delete(key);
    // Kept for the next REMEMBERED_KEYS changes: a key of its own, as `set` keeps one.
    this.changedKeys.set(ownString(key), this.changes);
    if (this.changedKeys.size > REMEMBERED_KEYS) {
      // Too many keys to tell apart: refuse every read that is still running instead.
      this.changedKeys.clear();
      this.lastClear = this.changes;
    }
  }

  get(key: string): T | undefined {
    return unstored(this.entries.get(key));
  }

  /**
   * The cached value, else what `load` gives (kept unless a change came meanwhile; nothing
   * is kept when it gives undefined): one load per key at a time, shared by every caller that
   * asks while it runs. A change forgets running loads, so a caller that asks after a write
   * never gets what was read before it.
   */
  getOrLoad(key: string, load: () => Promise<{ value: T; size: number } | undefined>): Promise<T | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let running = this.loading.get(key);
    if (!running) {
      const readAt = this.generation;
      running = load().then(
        (loaded) => {
          this.loadEnded(key, running);
          if (loaded) this.set(key, loaded.value, loaded.size, readAt);
          return loaded?.value;
        },
        (error: unknown) => {
          this.loadEnded(key, running);
          throw error;
        },
      );
      this.loading.set(key, running);
    }
    return running;
  }

  private loadEnded(key: string, load: Promise<T | undefined> | undefined): void {
    if (this.loading.get(key) === load) this.loading.delete(key);
  }

  set(key: string, value: T, size: number, readAt: number): void {
    if (!this.current(key, readAt) || size > this.maxBytes / 4) return;
    const kept = stored(value);
    // lru-cache keeps the size it counted for a value set again as the same object (an entry
    // changed in place, as a product's gains its body): that one is set anew.
    if (this.entries.peek(key) === kept) this.entries.delete(key);
    // A key of its own: the caller's may be a slice of a request's URL.
    this.entries.set(ownString(key), kept, { size: Math.max(1, Math.ceil(size)) });
  }

  clear(): void {
    this.lastClear = this.changes;
    this.changedKeys.clear();
    this.loading.clear();
    this.entries.clear();
  }

  /** Bytes it can still take before it evicts anything. */
  get room(): number {
    return this.maxBytes - this.entries.calculatedSize;
  }

  get capacity(): number {
    return this.maxBytes;
  }

  /** How many entries it holds (for tests). */
  get size(): number {
    return this.entries.size;
  }
}
