/** An ordered list of product ids: an array, or another list less some of its entries. */
export interface IdList {
  readonly length: number;
  slice(start: number, end: number): string[];
}

/**
 * The entries of `base` less those at `removed` (sorted positions, 4 bytes each): an
 * availability filter of a cached list costs only the products it takes out.
 */
class ExceptIdList implements IdList {
  constructor(
    private readonly base: IdList,
    private readonly removed: Int32Array,
  ) {}

  get length(): number {
    return this.base.length - this.removed.length;
  }

  /** How many entries of the base it leaves out. */
  get removedCount(): number {
    return this.removed.length;
  }

  /** The base position of the `index`-th remaining entry. */
  private positionOf(index: number): number {
    // removed[i] - i (the entries remaining before removed[i]) never decreases: count those ≤ index.
    let low = 0;
    let high = this.removed.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.removed[middle] as number) - middle <= index) low = middle + 1;
      else high = middle;
    }
    return index + low;
  }

  slice(start: number, end: number): string[] {
    const ids: string[] = [];
    const stop = Math.min(end, this.length);
    if (start >= stop) return ids;
    for (let index = start; index < stop; index++) {
      const position = this.positionOf(index);
      ids.push(this.base.slice(position, position + 1)[0] as string);
    }
    return ids;
  }
}

/** The entries of `base` less those at `removed`, sorted positions. */
export const exceptPositions = (base: IdList, removed: Int32Array): ExceptIdList => new ExceptIdList(base, removed);

export function withoutReserved(base: IdList, reserved: Set<string>): ExceptIdList {
  const removed: number[] = [];
  base.slice(0, base.length).forEach((id, position) => {
    if (reserved.has(id)) removed.push(position);
  });
  return new ExceptIdList(base, Int32Array.from(removed));
}
