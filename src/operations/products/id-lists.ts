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

/** Each id's position in a cached list, built the first time an availability filter uses it. */
const positionsOf = new WeakMap<IdList, Map<string, number>>();

function positions(base: IdList): Map<string, number> {
  let at = positionsOf.get(base);
  if (!at) {
    at = new Map();
    for (const [position, id] of base.slice(0, base.length).entries()) at.set(id, position);
    positionsOf.set(base, at);
  }
  return at;
}

/**
 * `base` less the `reserved` ids (repeats and ids not in it allowed). The reserved ids are
 * looked up in `base`'s positions rather than `base` tested against a set of them: a set of
 * tens of thousands of fresh strings per interval cost most of the filter's time.
 */
export function withoutReserved(base: IdList, reserved: Iterable<string>): ExceptIdList {
  const at = positions(base);
  const found: number[] = [];
  for (const id of reserved) {
    const position = at.get(id);
    if (position !== undefined) found.push(position);
  }
  const sorted = Int32Array.from(found).sort();
  let kept = 0;
  for (let index = 0; index < sorted.length; index++) {
    if (index === 0 || sorted[index] !== sorted[index - 1]) sorted[kept++] = sorted[index] as number;
  }
  return new ExceptIdList(base, sorted.slice(0, kept));
}
