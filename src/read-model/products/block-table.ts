import type { Interval } from '../../domain/reservations.js';

const DAY = 86_400_000;
/** Length classes: blocks up to 2^k days long for k = 0 … CLASSES − 2, and the longer ones in the last. */
const CLASSES = 12;

/**
 * The blocks of one length class, sorted by start; none is longer than `maxLength` ms. Blocks
 * on whole seconds (all of them but the odd one) are kept in seconds, 4 bytes a bound
 * (`scale` 1000); the others in ms, 8 bytes.
 */
interface Run {
  starts: Uint32Array | Float64Array;
  ends: Uint32Array | Float64Array;
  products: Int32Array;
  scale: number;
  maxLength: number;
}

/** Blocks as columns, each product named by its number. */
export interface NumberedBlocks {
  products: ArrayLike<number>;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
}

const classOf = (length: number): number => (length <= DAY ? 0 : Math.min(CLASSES - 1, Math.ceil(Math.log2(length / DAY))));

const SECOND = 1000;
const MAX_SECONDS = 2 ** 32 - 1;
const inSeconds = (time: number): boolean => time % SECOND === 0 && time >= 0 && time / SECOND <= MAX_SECONDS;

/** The first index of sorted `values` whose value is above `bound`. */
function firstAbove(values: Uint32Array | Float64Array, bound: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] as number) > bound) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * `indexes` ordered by `keys[index]` (whole numbers below 2^32): a radix sort, two passes of
 * 16 bits, linear where a comparison sort of millions of blocks took seconds.
 */
function sortByKey(indexes: Int32Array, keys: (index: number) => number): Int32Array {
  let from: Int32Array = indexes;
  let to: Int32Array = new Int32Array(indexes.length);
  for (const shift of [0, 16]) {
    const counts = new Int32Array(65_537);
    for (const index of from) {
      const digit = ((keys(index) >>> shift) & 0xffff) + 1;
      counts[digit] = (counts[digit] as number) + 1;
    }
    for (let digit = 1; digit < counts.length; digit++) counts[digit] = (counts[digit] as number) + (counts[digit - 1] as number);
    for (const index of from) {
      const digit = (keys(index) >>> shift) & 0xffff;
      to[counts[digit] as number] = index;
      counts[digit] = (counts[digit] as number) + 1;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** The run of the blocks at `indexes` (of one class), sorted by start. */
function runOf(blocks: NumberedBlocks, unsorted: Int32Array, scale: number): Run {
  const indexes =
    scale === SECOND
      ? sortByKey(unsorted, (index) => (blocks.starts[index] as number) / SECOND)
      : unsorted.sort((a, b) => (blocks.starts[a] as number) - (blocks.starts[b] as number));
  const size = indexes.length;
  const run: Run = scale === SECOND ? { starts: new Uint32Array(size), ends: new Uint32Array(size), products: new Int32Array(size), scale, maxLength: 0 } : { starts: new Float64Array(size), ends: new Float64Array(size), products: new Int32Array(size), scale, maxLength: 0 };
  for (let at = 0; at < size; at++) {
    const block = indexes[at] as number;
    const start = blocks.starts[block] as number;
    const end = blocks.ends[block] as number;
    run.starts[at] = start / scale;
    run.ends[at] = end / scale;
    run.products[at] = blocks.products[block] as number;
    run.maxLength = Math.max(run.maxLength, end - start);
  }
  return run;
}

/**
 * An interval index of reservation blocks in memory: the blocks grouped by length (each
 * class at most twice as long as the one before), each group sorted by start. A block of
 * a group overlaps [s, e) only if it starts in (s − the group's longest, e), one binary
 * search and a run of candidates of which at least about half overlap: the work follows
 * the blocks found, whatever the mix of short and long reservations. Typed arrays only:
 * three million blocks take ~36 MB.
 */
export class BlockTable {
  private constructor(private readonly runs: Run[]) {}

  static readonly empty = new BlockTable([]);

  static build(blocks: NumberedBlocks): BlockTable {
    // Groups: the length class, and whether the block is on whole seconds (even) or not (odd).
    const groupOf = new Uint8Array(blocks.starts.length);
    const sizes = new Int32Array(CLASSES * 2);
    for (let index = 0; index < blocks.starts.length; index++) {
      const start = blocks.starts[index] as number;
      const end = blocks.ends[index] as number;
      const group = classOf(end - start) * 2 + (inSeconds(start) && inSeconds(end) ? 0 : 1);
      groupOf[index] = group;
      sizes[group] = (sizes[group] as number) + 1;
    }
    const members = Array.from(sizes, (size) => new Int32Array(size));
    const filled = new Int32Array(CLASSES * 2);
    for (let index = 0; index < groupOf.length; index++) {
      const group = groupOf[index] as number;
      (members[group] as Int32Array)[filled[group] as number] = index;
      filled[group] = (filled[group] as number) + 1;
    }
    const runs = members.flatMap((indexes, group) => (indexes.length > 0 ? [runOf(blocks, indexes, group % 2 === 0 ? SECOND : 1)] : []));
    return new BlockTable(runs);
  }

  /** How many blocks it holds. */
  get size(): number {
    return this.runs.reduce((sum, run) => sum + run.starts.length, 0);
  }

  /** The memory it holds. */
  get bytes(): number {
    return this.runs.reduce((sum, run) => sum + run.starts.byteLength + run.ends.byteLength + run.products.byteLength, 0);
  }

  /**
   * Sets `flags[p]` for every product p with a block overlapping `interval`, except those
   * `skipped` marks; how many of the products it flagged (that were not yet) `counted` marks.
   */
  mark({ start, end }: Interval, flags: Uint8Array, skipped: Uint8Array, counted?: Uint8Array): number {
    let flagged = 0;
    for (const run of this.runs) {
      const { starts, ends, products, scale } = run;
      // One below, so that rounding the bound to the run's unit passes over no candidate; the exact tests follow.
      const from = firstAbove(starts, Math.floor((start - run.maxLength) / scale) - 1);
      for (let index = from; index < starts.length && (starts[index] as number) * scale < end; index++) {
        if ((ends[index] as number) * scale <= start) continue;
        const product = products[index] as number;
        if (flags[product] === 0 && (product >= skipped.length || skipped[product] === 0)) {
          flags[product] = 1;
          if (counted?.[product] === 1) flagged++;
        }
      }
    }
    return flagged;
  }
}
