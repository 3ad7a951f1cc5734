import { hasPosition, positionBits, setPosition, type PositionBits } from './products/id-lists.js';

/**
 * Keys seen lately, in a Bloom filter: TinyLFU's "doorkeeper". A cache that is full admits a
 * new entry on its second sighting only, so that keys asked for once (a crawler walking every
 * page of a large catalogue) cost no write and push out nothing still in use. It forgets
 * everything once it has recorded a tenth as many keys as it has bits: "lately" is the last
 * ~100,000 keys at the default size (128 KB), and at most ~3 % of new keys are taken for seen
 * (a page kept at its first sighting, as before).
 */
export class Doorkeeper {
  private readonly bits: PositionBits;
  private readonly mask: number;
  private recorded = 0;

  /** `bitCount`: a power of two. */
  constructor(bitCount = 1 << 20) {
    if (bitCount < 32 || (bitCount & (bitCount - 1)) !== 0) throw new Error(`a doorkeeper's bits are a power of two, not ${bitCount}`);
    this.bits = positionBits(bitCount);
    this.mask = bitCount - 1;
  }

  /** Whether `key` was recorded since the filter last forgot; records it either way. */
  seen(key: string): boolean {
    // Two hashes in one pass over the key (FNV-1a and a multiplicative one), each a bit to set.
    let first = 0x811c9dc5;
    let second = 0x9e3779b9;
    for (let index = 0; index < key.length; index++) {
      const code = key.charCodeAt(index);
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second + code, 0x5bd1e995) ^ (second >>> 15);
    }
    const a = (first ^ (first >>> 16)) & this.mask;
    const b = (second ^ (second >>> 13)) & this.mask;
    const had = hasPosition(this.bits, a) && hasPosition(this.bits, b);
    if (had) return true;
    // A tenth of the bits (32 a word) in keys: two bits each, about a fifth of them set.
    if (++this.recorded > (this.bits.length * 32) / 10) {
      this.bits.fill(0);
      this.recorded = 1;
    }
    setPosition(this.bits, a);
    setPosition(this.bits, b);
    return false;
  }
}
