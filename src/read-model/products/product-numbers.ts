/** A byte of the separator of joined ids (ids hold no commas). */
const COMMA = 0x2c;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * Every product id the read model has met, each given a number once for the life of the
 * process: lists and the availability index then hold numbers (4 bytes an entry) instead of
 * strings (~56 bytes and an object each), so that the lists of a catalogue of a million fit
 * in memory. The ids are packed in one buffer (they are ASCII: SPEC 1), found by an
 * open-addressing table of numbers. Ids only come in: a deleted product keeps its number
 * (lists no longer name it), and a million ids take ~36 MB.
 */
export class ProductNumbers {
  private text = Buffer.alloc(1 << 16);
  private used = 0;
  /** Where each number's id starts in `text`; `starts[n + 1]` is where it ends. */
  private starts = new Uint32Array(1 << 12);
  private count = 0;
  /** Open addressing: number + 1 at the slot of its id's hash (or the next free one), 0 where free. */
  private slots = new Int32Array(1 << 13);

  /** How many ids it holds. */
  get size(): number {
    return this.count;
  }

  /** The memory it holds. */
  get bytes(): number {
    return this.text.byteLength + this.starts.byteLength + this.slots.byteLength;
  }

  /** The number of `id`, given one if it has none. */
  numberOf(id: string): number {
    let hash = FNV_OFFSET;
    for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), FNV_PRIME);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot] as number;
      if (held === 0) return this.add(Buffer.from(id, 'latin1'), 0, id.length, slot);
      if (this.sameAsString(held - 1, id)) return held - 1;
    }
  }

  /** The numbers of comma-separated ids, in order, each given one if it has none: no string is made of them. */
  numbersOfJoined(joined: string): Int32Array {
    if (joined.length === 0) return new Int32Array(0);
    const bytes = Buffer.from(joined, 'latin1');
    let entries = 1;
    // Scanned here, not with Buffer.indexOf: a call into C++ per id costs more than its bytes' loop.
    for (let at = 0; at < bytes.length; at++) if (bytes[at] === COMMA) entries++;
    const numbers = new Int32Array(entries);
    let start = 0;
    for (let entry = 0; entry < entries; entry++) {
      let end = start;
      while (end < bytes.length && bytes[end] !== COMMA) end++;
      numbers[entry] = this.numberOfBytes(bytes, start, end);
      start = end + 1;
    }
    return numbers;
  }

  /**
   * The numbers of the ids at [starts[i], ends[i]) of `bytes`, each given one if it has none.
   * A product's reservation blocks come one after another, each naming it again: an id the
   * same as the one before it takes that one's number, without a hash or a probe.
   */
  numbersOfSpans(bytes: Buffer, starts: Int32Array, ends: Int32Array): Int32Array {
    const numbers = new Int32Array(starts.length);
    let previous = -1;
    for (let index = 0; index < starts.length; index++) {
      const start = starts[index] as number;
      const end = ends[index] as number;
      previous = previous >= 0 && this.sameAsBytes(previous, bytes, start, end) ? previous : this.numberOfBytes(bytes, start, end);
      numbers[index] = previous;
    }
    return numbers;
  }

  /** The number of the id at [start, end) of `bytes`, given one if it has none. */
  private numberOfBytes(bytes: Buffer, start: number, end: number): number {
    let hash = FNV_OFFSET;
    for (let index = start; index < end; index++) hash = Math.imul(hash ^ (bytes[index] as number), FNV_PRIME);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot] as number;
      if (held === 0) return this.add(bytes, start, end, slot);
      if (this.sameAsBytes(held - 1, bytes, start, end)) return held - 1;
    }
  }

  /** The id of a number. */
  idOf(number: number): string {
    return this.text.toString('latin1', this.starts[number] as number, this.starts[number + 1] as number);
  }

  private sameAsString(number: number, id: string): boolean {
    const at = this.starts[number] as number;
    if ((this.starts[number + 1] as number) - at !== id.length) return false;
    for (let index = 0; index < id.length; index++) if (this.text[at + index] !== id.charCodeAt(index)) return false;
    return true;
  }

  /**
   * Compared byte by byte here: an id is a few dozen bytes, and Buffer.compare's call into C++
   * (its arguments checked each time) cost more than the loop: ~2.7 s of the ~8 s of CPU that
   * numbering a million products' reservation blocks took.
   */
  private sameAsBytes(number: number, bytes: Buffer, start: number, end: number): boolean {
    const at = this.starts[number] as number;
    if ((this.starts[number + 1] as number) - at !== end - start) return false;
    const { text } = this;
    for (let index = 0; index < end - start; index++) if (text[at + index] !== bytes[start + index]) return false;
    return true;
  }

  private add(bytes: Buffer, start: number, end: number, slot: number): number {
    const number = this.count;
    const length = end - start;
    if (this.used + length > this.text.length) {
      const text = Buffer.alloc(Math.max(Math.ceil(this.text.length * 1.5), this.used + length));
      this.text.copy(text, 0, 0, this.used);
      this.text = text;
    }
    bytes.copy(this.text, this.used, start, end);
    if (number + 2 > this.starts.length) {
      const starts = new Uint32Array(Math.ceil(this.starts.length * 1.5));
      starts.set(this.starts);
      this.starts = starts;
    }
    this.starts[number] = this.used;
    this.used += length;
    this.starts[number + 1] = this.used;
    this.count++;
    this.slots[slot] = number + 1;
    // At most half full, so that a probe finds a free slot soon.
    if (this.count * 2 > this.slots.length) this.rehash();
    return number;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let number = 0; number < this.count; number++) {
      let hash = FNV_OFFSET;
      for (let index = this.starts[number] as number; index < (this.starts[number + 1] as number); index++) hash = Math.imul(hash ^ (this.text[index] as number), FNV_PRIME);
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = number + 1;
    }
    this.slots = slots;
  }
}
