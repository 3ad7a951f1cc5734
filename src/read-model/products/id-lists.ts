import type { ProductNumbers } from './product-numbers.js';

/** An ordered list of product ids: an array, or another list less some of its entries. */
export interface IdList {
  readonly length: number;
  slice(start: number, end: number): string[];
}

/** Ids as their numbers (see ProductNumbers): 4 bytes an entry. */
export class NumberList implements IdList {
  constructor(
    readonly numbers: Int32Array,
    private readonly names: ProductNumbers,
  ) {}

  get length(): number {
    return this.numbers.length;
  }

  /** The memory it holds. */
  get bytes(): number {
    return this.numbers.byteLength + 64;
  }

  slice(start: number, end: number): string[] {
    const stop = Math.min(end, this.numbers.length);
    const ids: string[] = [];
    for (let index = Math.max(0, start); index < stop; index++) ids.push(this.names.idOf(this.numbers[index] as number));
    return ids;
  }
}

/** A bitset of a list's positions, 32 a word, position p at bit p % 32 of word p / 32. */
export type PositionBits = Uint32Array;

export const positionBits = (length: number): PositionBits => new Uint32Array(Math.ceil(length / 32));

export function setPosition(bits: PositionBits, position: number): void {
  bits[position >>> 5] = (bits[position >>> 5] as number) | (1 << (position & 31));
}

export const hasPosition = (bits: PositionBits, position: number): boolean => (((bits[position >>> 5] as number) >>> (position & 31)) & 1) === 1;

function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Words of positions per count of the entries before them (see ExceptIdList). */
const WORDS_PER_COUNT = 32;

/**
 * The entries of `base` less those whose positions are set in `removed`: an availability
 * filter of a cached list costs a bit per entry (and a count per 1,024 entries to find a
 * page), so that the lists of many intervals fit in the cache beside the one list they filter.
 */
export class ExceptIdList implements IdList {
  /** How many entries remain before each run of WORDS_PER_COUNT words of positions. */
  private readonly before: Int32Array;
  readonly length: number;

  constructor(
    private readonly base: IdList,
    private readonly removed: PositionBits,
  ) {
    this.before = new Int32Array(Math.ceil(removed.length / WORDS_PER_COUNT));
    let remaining = 0;
    for (let word = 0; word < removed.length; word++) {
      if (word % WORDS_PER_COUNT === 0) this.before[word / WORDS_PER_COUNT] = remaining;
      remaining += this.keptIn(word);
    }
    this.length = remaining;
  }

  /** The memory it holds beyond its base list's. */
  get bytes(): number {
    return this.removed.byteLength + this.before.byteLength + 64;
  }

  /** How many of the word's positions remain. */
  private keptIn(word: number): number {
    const size = Math.min(32, this.base.length - word * 32);
    const inList = size === 32 ? 0xffffffff : (1 << size) - 1;
    return size - bitCount((this.removed[word] as number) & inList);
  }

  slice(start: number, end: number): string[] {
    const ids: string[] = [];
    const stop = Math.min(end, this.length);
    if (start >= stop) return ids;
    // The last run with no more than `start` entries remaining before it holds the start-th, then the word in it.
    let low = 0;
    let high = this.before.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((this.before[middle] as number) <= start) low = middle;
      else high = middle - 1;
    }
    let word = low * WORDS_PER_COUNT;
    let skip = start - (this.before[low] as number);
    while (word < this.removed.length - 1 && this.keptIn(word) <= skip) skip -= this.keptIn(word++);
    for (let position = word * 32; position < this.base.length && ids.length < stop - start; position++) {
      if (hasPosition(this.removed, position)) continue;
      if (skip > 0) skip--;
      else ids.push(this.base.slice(position, position + 1)[0] as string);
    }
    return ids;
  }
}

/** `base` less the entries `reserved` names. */
export function withoutReserved(base: IdList, reserved: Set<string>): ExceptIdList {
  const removed = positionBits(base.length);
  base.slice(0, base.length).forEach((id, position) => {
    if (reserved.has(id)) setPosition(removed, position);
  });
  return new ExceptIdList(base, removed);
}
