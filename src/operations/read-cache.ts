import type { ChangeFeed } from '../storage/change-feed.js';

interface Entry<T> {
  value: T;
  size: number;
  /** Read since it was (re)inserted: spared once by eviction (second chance). */
  used: boolean;
}

/**
 * A cache bounded by the bytes of what it holds, evicting in insertion order but sparing
 * entries read since (second chance, an approximation of least-recently-used in which a hit
 * only sets a flag instead of reordering the map), emptied whenever the data behind it
 * changes (ChangeFeed). It never serves anything older than the last committed write this
 * process has heard of.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private bytes = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxBytes: number,
  ) {
    feed.onChange(() => this.clear());
  }

  /** The generation a read starts at; pass it to `set` so a read that raced a write is not kept. */
  get generation(): number {
    return this.feed.generation;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: string, value: T, size: number, readAt: number): void {
    if (readAt !== this.feed.generation || size > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.size;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, size, used: false });
    this.bytes += size;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      const [oldestKey, entry] = oldest.value;
      this.entries.delete(oldestKey);
      if (entry.used && oldestKey !== key) {
        entry.used = false;
        this.entries.set(oldestKey, entry);
      } else {
        this.bytes -= entry.size;
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
