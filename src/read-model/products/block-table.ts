import type { Interval } from '../../domain/reservations.js';

const DAY = 86_400_000;
/** Length classes: blocks up to 2^k days long for k = 0 … CLASSES − 2, and the longer ones in the last. */
const CLASSES = 12;

/** The blocks of one length class, sorted by start; none is longer than `maxLength`. */
interface Run {
  starts: Float64Array;
  ends: Float64Array;
  products: Int32Array;
  maxLength: number;
}

/** Blocks as columns, each product named by its number. */
export interface NumberedBlocks {
  products: ArrayLike<number>;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
}

const classOf = (length: number): number => (length <= DAY ? 0 : Math.min(CLASSES - 1, Math.ceil(Math.log2(length / DAY))));

/** The first index of sorted `values` whose value is above `bound`. */
function firstAbove(values: Float64Array, bound: number): number {
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
 * An interval index of reservation blocks in memory: the blocks grouped by length (each
 * class at most twice as long as the one before), each group sorted by start. A block of
 * a group overlaps [s, e) only if it starts in (s − the group's longest, e), one binary
 * search and a run of candidates of which at least about half overlap: the work follows
 * the blocks found, whatever the mix of short and long reservations.
 */
export class BlockTable {
  private constructor(private readonly runs: Run[]) {}

  static readonly empty = new BlockTable([]);

  static build(blocks: NumberedBlocks): BlockTable {
    const members: number[][] = Array.from({ length: CLASSES }, () => []);
    for (let index = 0; index < blocks.starts.length; index++) {
      members[classOf((blocks.ends[index] as number) - (blocks.starts[index] as number))]?.push(index);
    }
    const runs = members
      .filter((indexes) => indexes.length > 0)
      .map((indexes) => {
        indexes.sort((a, b) => (blocks.starts[a] as number) - (blocks.starts[b] as number));
        const run: Run = { starts: new Float64Array(indexes.length), ends: new Float64Array(indexes.length), products: new Int32Array(indexes.length), maxLength: 0 };
        indexes.forEach((block, at) => {
          run.starts[at] = blocks.starts[block] as number;
          run.ends[at] = blocks.ends[block] as number;
          run.products[at] = blocks.products[block] as number;
          run.maxLength = Math.max(run.maxLength, run.ends[at] - run.starts[at]);
        });
        return run;
      });
    return new BlockTable(runs);
  }

  /** How many blocks it holds. */
  get size(): number {
    return this.runs.reduce((sum, run) => sum + run.starts.length, 0);
  }

  /** Sets `flags[p]` for every product p with a block overlapping `interval`, except those `skipped` marks. */
  mark({ start, end }: Interval, flags: Uint8Array, skipped: Uint8Array): void {
    for (const run of this.runs) {
      const { starts, ends, products } = run;
      for (let index = firstAbove(starts, start - run.maxLength); index < starts.length && (starts[index] as number) < end; index++) {
        if ((ends[index] as number) <= start) continue;
        const product = products[index] as number;
        if (product >= skipped.length || skipped[product] === 0) flags[product] = 1;
      }
    }
  }
}
