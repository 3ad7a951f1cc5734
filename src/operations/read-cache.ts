import { ownString } from '../domain/own-string.js';
import type { ChangeSource } from '../storage/change-feed.js';

interface Entry<T> {
  key: string;
  value: T;
  size: number;
  /** Read since it was (re)inserted: spared once by eviction (second chance). */
  used: boolean;
}

/** A change naming a key this many changes ago no longer tells a finishing read apart: it is refused. */
const REMEMBERED_KEYS = 4096;

/**
 * A cache bounded by the bytes of what it holds, evicting in insertion order but sparing
 * entries read since (second chance, an approximation of least-recently-used in which a hit
 * only sets a flag instead of reordering anything), emptied whenever the data behind it
 * changes (its ChangeSource). It never serves anything older than the last committed write
 * this process has heard of.
 *
 * A cache whose keys are the rows' own keys (`byKey`) forgets only the entry a change names
 * when the change names one, so that writing one product leaves the others' entries warm.
 *
 * The order is an array queue, not the Map's own order: a Map emptied from its front keeps
 * the deleted slots until it rehashes, and finding its first live entry walks over them.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /**
   * Entries in eviction order from `head` (slots before it are emptied as they are passed);
   * replaced ones stay until skipped or compacted away.
   */
  private order: (Entry<T> | undefined)[] = [];
  private head = 0;
  private bytes = 0;
  /** Loads running now, by key: callers asking meanwhile share them instead of repeating them. */
  private readonly loading = new Map<string, Promise<T | undefined>>();
  /** Counts the changes heard; a read remembers where it started. */
  private changes = 0;
  /** Reads that started before this change are not kept. */
  private lastClear = 0;
  /** The last change that named each key, for the most recent keys named. */
  private readonly changedKeys = new Map<string, number>();

  constructor(
    feed: ChangeSource,
    private readonly maxBytes: number,
    options: { byKey?: boolean } = {},
  ) {
    feed.onChange((key) => {
      this.changes++;
      if (options.byKey && key !== undefined) this.forget(key);
      else this.clear();
    });
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
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.bytes -= entry.size;
    }
    // Kept for the next REMEMBERED_KEYS changes: a key of its own, as `set` keeps one.
    this.changedKeys.set(ownString(key), this.changes);
    if (this.changedKeys.size > REMEMBERED_KEYS) {
      // Too many keys to tell apart: refuse every read that is still running instead.
      this.changedKeys.clear();
      this.lastClear = this.changes;
    }
    this.compact();
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
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
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.size;
    // A key of its own (or the one it already holds): the caller's may be a slice of a request's URL.
    const kept = previous?.key ?? ownString(key);
    const entry: Entry<T> = { key: kept, value, size, used: false };
    this.entries.set(kept, entry);
    this.order.push(entry);
    this.bytes += size;
    while (this.bytes > this.maxBytes && this.head < this.order.length) {
      const oldest = this.order[this.head] as Entry<T>;
      this.order[this.head++] = undefined;
      if (this.entries.get(oldest.key) !== oldest) continue;
      if (oldest.used) {
        oldest.used = false;
        this.order.push(oldest);
      } else {
        this.entries.delete(oldest.key);
        this.bytes -= oldest.size;
      }
    }
    this.compact();
  }

  /**
   * Drops the queue's passed front once it outnumbers the live entries, and the replaced and
   * forgotten entries once they are a quarter as many (they still hold their values, which
   * the byte count no longer includes).
   */
  private compact(): void {
    const live = this.entries.size;
    if (this.head > live + 1024) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
    if (this.order.length - this.head > live + (live >> 2) + 1024) {
      this.order = this.order.slice(this.head).filter((entry) => entry !== undefined && this.entries.get(entry.key) === entry);
      this.head = 0;
    }
  }

  clear(): void {
    this.lastClear = this.changes;
    this.changedKeys.clear();
    this.loading.clear();
    this.entries.clear();
    this.order = [];
    this.head = 0;
    this.bytes = 0;
  }

  /** Bytes it can still take before it evicts anything. */
  get room(): number {
    return this.maxBytes - this.bytes;
  }

  get capacity(): number {
    return this.maxBytes;
  }

  /** How many entries it holds (for tests). */
  get size(): number {
    return this.entries.size;
  }
}
