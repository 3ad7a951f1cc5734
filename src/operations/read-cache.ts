import type { ChangeFeed } from '../storage/change-feed.js';

interface Entry<T> {
  value: T;
  size: number;
}

/**
 * A least-recently-used cache bounded by the bytes of what it holds, emptied whenever the
 * data behind it changes (ChangeFeed). It never serves anything older than the last
 * committed write this process has heard of.
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
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T, size: number, readAt: number): void {
    if (readAt !== this.feed.generation || size > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.size;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, size });
    this.bytes += size;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.bytes -= this.entries.get(oldest.value)?.size ?? 0;
      this.entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
