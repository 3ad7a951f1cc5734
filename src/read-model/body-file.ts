import { closeSync, mkdirSync, openSync, readSync, unlinkSync, writev } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Bytes kept in the file: where they were written, counted from the file's first write ever. */
export interface BodySlot {
  readonly at: number;
  readonly length: number;
  /** The bytes, until their write has landed. */
  pending?: Buffer;
  /** Reads from the file so far. */
  reads: number;
  /** Where a copy was put in the memory ring once read often (see HOT_BYTES), counted like `at`; -1 for none. */
  hotAt: number;
}

/** Response bytes kept for later: in memory, or a slot of the body file. */
export type KeptBody = Buffer | BodySlot;

/** A body larger than this share of the file stays in memory. */
const LARGEST_SHARE = 1 / 16;
/** What a slot holds in memory once written, in bytes (an estimate). */
const SLOT_MEMORY = 72;
/** Buffers per write (IOV_MAX is 1024 on Linux). */
const MAX_BATCH = 512;
/**
 * Bodies read from the file this many times are copied into a ring of HOT_BYTES in memory
 * too (one buffer allocated once, so copying in allocates nothing): the first pages of
 * popular filters are read over and over, and a copy from memory costs less than a `pread`.
 */
const READS_BEFORE_HOT = 3;
const HOT_BYTES = 16 * 1024 * 1024;
/**
 * Larger bodies (the docs of whole list pages) are copied there once only: at ~80 KB each, a
 * few hundred pages read in turn would write over every copy before it was read again, and
 * copying each again on every read would cost more than the `pread` it saves (~1 µs).
 */
const MAX_HOT_LENGTH = 16 * 1024;
/** Bytes waiting for their writes at most. */
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

/**
 * Positions in a ring of `capacity` bytes, counted from its first byte ever written: a span
 * never wraps around the end (it starts over at the beginning instead), and a span is intact
 * until the ring has written past its start plus the capacity.
 */
class Ring {
  written = 0;

  constructor(readonly capacity: number) {}

  /** Where `length` bytes go next. */
  place(length: number): number {
    if (this.offset(this.written) + length > this.capacity) this.written += this.capacity - this.offset(this.written);
    const at = this.written;
    this.written += length;
    return at;
  }

  holds(at: number): boolean {
    return at >= 0 && at + this.capacity >= this.written;
  }

  offset(at: number): number {
    return at % this.capacity;
  }
}

/** `fs.writev`'s shape: buffers written one after the other from a position. */
export type WriteAt = (fd: number, buffers: Buffer[], position: number, callback: (error: NodeJS.ErrnoException | null, written: number) => void) => void;

/**
 * Rendered response bodies kept in a file used as a ring: each body is appended, and when the
 * end is reached writing starts over from the beginning, over the oldest bodies. Slots know
 * where they were written, so an overwritten one is recognised as gone (`holds`) and the
 * caller renders that body again.
 *
 * This keeps every rendered product out of the process's memory: the bytes live in the
 * operating system's page cache, which serves a `pread` of a few kilobytes in a couple of
 * microseconds, and which the kernel may reclaim under memory pressure (reads then come from
 * disk, slower but still correct). The file is unlinked as soon as it is open, so nothing
 * is left behind by a crash; it is private to this process and starts empty.
 *
 * Without a file (`BodyFile.inMemory()`, or once a write failed, e.g. a full disk) bodies
 * are kept as the buffers themselves.
 */
export class BodyFile {
  private readonly ring: Ring;
  /** Slots kept but not yet written, in file order. */
  private queue: BodySlot[] = [];
  private writing = false;
  /** Bytes of the queued slots and of the write in flight. */
  private queuedBytes = 0;
  /** Copies of often-read bodies, a ring like the file. */
  private hotBytes: Buffer | undefined;
  private readonly hot = new Ring(HOT_BYTES);

  /** The descriptor until it is closed; `fd` only while it is in use. */
  private openFd: number | undefined;

  private constructor(
    private fd: number | undefined,
    capacity: number,
    private readonly onFailure: (error: unknown) => void,
    private readonly write: WriteAt = writev,
  ) {
    this.openFd = fd;
    this.ring = new Ring(capacity);
  }

  static inMemory(): BodyFile {
    return new BodyFile(undefined, 0, () => undefined);
  }

  /** A new private file of at most `capacity` bytes in `dir`; `write` is `fs.writev`, or a wrapper of it that observes the writes. */
  static open(dir: string, capacity: number, onFailure: (error: unknown) => void = () => undefined, write: WriteAt = writev): BodyFile {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `.bodies-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    const fd = openSync(path, 'wx+', 0o600);
    try {
      unlinkSync(path);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    return new BodyFile(fd, capacity, onFailure, write);
  }

  /**
   * Keeps a body: appended to the file, or the buffer itself when there is no file or it is
   * too large for it. The write happens off the event loop (the first write of a page costs
   * the kernel ~10 µs per 4 KB, a rewrite ~1.5 µs); until it lands the slot holds the buffer.
   */
  keep(bytes: Buffer): KeptBody {
    if (!this.takes(bytes.length)) return bytes;
    const slot: BodySlot = { at: this.ring.place(bytes.length), length: bytes.length, pending: bytes, reads: 0, hotAt: -1 };
    this.queue.push(slot);
    this.queuedBytes += bytes.length;
    this.flush();
    return slot;
  }

  /**
   * Writes the queued slots that follow each other in the file, one write at a time: two
   * writes in flight at once could land out of order, an older lap over a newer one.
   */
  private flush(): void {
    const fd = this.fd;
    const first = this.queue[0];
    if (this.writing || fd === undefined || first === undefined) return;
    // A batch ends where the next slot does not follow on in the file (it starts over at the beginning).
    let end = first.at;
    let count = 0;
    for (const slot of this.queue) {
      if (count === MAX_BATCH || slot.at !== end || (count > 0 && this.ring.offset(slot.at) === 0)) break;
      end += slot.length;
      count++;
    }
    const batch = this.queue.splice(0, count);
    this.writing = true;
    const buffers = batch.map((slot) => slot.pending as Buffer);
    const length = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    this.write(fd, buffers, this.ring.offset(first.at), (error, written) => {
      this.writing = false;
      if (this.fd === undefined) return this.release();
      if (error || written !== length) return this.fail(error ?? new Error(`wrote ${written} of ${length} bytes`));
      for (const slot of batch) slot.pending = undefined;
      this.queuedBytes -= length;
      this.flush();
    });
  }

  /** Whether `keep` would put a body of `length` bytes in the file (else it keeps the buffer). */
  private takes(length: number): boolean {
    // Bodies wait in memory for their writes; if writes fall behind (a throttled disk), new bodies simply stay there.
    return this.fd !== undefined && length <= this.ring.capacity * LARGEST_SHARE && this.queuedBytes + length <= MAX_QUEUED_BYTES;
  }

  /** What keeping a body of `length` bytes would hold in memory (see memoryOf). */
  memoryToKeep(length: number): number {
    return this.takes(length) ? SLOT_MEMORY : length;
  }

  /** The file's size in bytes; 0 when bodies are kept in memory. */
  get capacity(): number {
    return this.fd === undefined ? 0 : this.ring.capacity;
  }

  /** Bytes the file can still take before it first goes round and starts writing over what it keeps. */
  get firstLapLeft(): number {
    return Math.max(0, this.capacity - this.ring.written);
  }

  /** Bytes kept but not yet written (they wait in memory). */
  get backlog(): number {
    return this.queuedBytes;
  }

  /** Whether a kept body can still be read (a slot is gone once written over). */
  holds(body: KeptBody): boolean {
    if (Buffer.isBuffer(body) || body.pending || this.hot.holds(body.hotAt)) return true;
    return this.fd !== undefined && this.ring.holds(body.at);
  }

  /** Copies a kept body into `target` at `at`; false if it is gone. */
  copy(body: KeptBody, target: Buffer, at: number): boolean {
    if (Buffer.isBuffer(body) || body.pending) {
      (Buffer.isBuffer(body) ? body : (body.pending as Buffer)).copy(target, at);
      return true;
    }
    if (this.hot.holds(body.hotAt)) {
      const from = this.hot.offset(body.hotAt);
      (this.hotBytes as Buffer).copy(target, at, from, from + body.length);
      return true;
    }
    if (this.fd === undefined || !this.ring.holds(body.at)) return false;
    try {
      if (readSync(this.fd, target, at, body.length, this.ring.offset(body.at)) !== body.length) throw new Error('the body file is shorter than its slots');
    } catch (error) {
      this.fail(error);
      return false;
    }
    if (++body.reads >= READS_BEFORE_HOT && (body.length <= MAX_HOT_LENGTH || body.hotAt < 0)) this.keepHot(body, target, at);
    return true;
  }

  private keepHot(slot: BodySlot, source: Buffer, at: number): void {
    this.hotBytes ??= Buffer.allocUnsafeSlow(HOT_BYTES);
    slot.hotAt = this.hot.place(slot.length);
    source.copy(this.hotBytes, this.hot.offset(slot.hotAt), at, at + slot.length);
  }

  /**
   * A kept body as it is sent: the buffer (kept in memory), else a copy of the slot's bytes
   * (undefined if gone). A copy of its own, never a view of a ring that may be written over
   * before the response leaves; bytes rather than text, which would be decoded here and
   * measured and encoded again on the way out, three passes over every body sent.
   */
  read(body: KeptBody): Buffer | undefined {
    if (Buffer.isBuffer(body)) return body;
    if (body.pending) return body.pending;
    const bytes = Buffer.allocUnsafe(body.length);
    return this.copy(body, bytes, 0) ? bytes : undefined;
  }

  /** Memory a kept body takes in the process. */
  static memoryOf(body: KeptBody): number {
    return Buffer.isBuffer(body) ? body.length : SLOT_MEMORY;
  }

  private fail(error: unknown): void {
    this.close();
    this.onFailure(error);
  }

  /** Stops using the file; it is closed once the write in flight, if any, has landed (its descriptor must not be reused meanwhile). */
  close(): void {
    this.fd = undefined;
    if (!this.writing) this.release();
  }

  private release(): void {
    const fd = this.openFd;
    this.openFd = undefined;
    if (fd !== undefined) closeSync(fd);
  }
}
