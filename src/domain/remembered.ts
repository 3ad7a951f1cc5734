/**
 * Values computed once per key and then looked up: texts of days, compiled statements, parsed
 * profiles. Bounded the simplest way: when `max` are held, all are forgotten at once, so that
 * a stream of distinct keys costs a recomputation now and then, never unbounded memory, and a
 * hit costs one Map lookup (no recency to keep, unlike an LRU).
 */
export class Remembered<K, V> {
  private readonly values = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** The value of `key`: remembered, or `compute(key)`, remembered from now on. */
  get(key: K, compute: (key: K) => V): V {
    let value = this.values.get(key);
    if (value === undefined) {
      value = compute(key);
      if (this.values.size >= this.max) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }
}
