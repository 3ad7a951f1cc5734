/**
 * Runs work for one key at a time within this process, in arrival order. Writers of one
 * product (or one slug) then queue instead of racing and retrying; across instances the
 * database's compare-and-set and unique indexes still decide.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(work, work);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** One lock table for the product writes of this process. */
export const productLocks = new KeyedLock();
