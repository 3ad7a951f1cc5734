import type { Interval } from '../../domain/reservations.js';
import type { BlockColumns as StoredBlocks, ReservationBlocks } from '../../storage/reservation-blocks.js';
import { BlockColumns, BlockTable } from './block-table.js';
import { NumberList, positionBits, setPosition, type IdList, type PositionBits } from './id-lists.js';
import { ProductNumbers } from './product-numbers.js';

/** Above this many stored blocks (~12 bytes each here) the index is not built: lists ask the database. */
export const MAX_INDEXED_BLOCKS = 6_000_000;
/** Products re-read since the last full read, beyond which the whole table is read again instead. */
const MAX_REREAD_PRODUCTS = 5_000;

/** Blocks of products re-read since the table was built, which replace their blocks in it. */
interface Overlay {
  products: number[];
  starts: number[];
  ends: number[];
}

const emptyOverlay = (): Overlay => ({ products: [], starts: [], ends: [] });

/**
 * Which products' reservation blocks overlap an interval, answered in memory: the
 * availability filter of a list (SPEC 8) then costs microseconds per interval instead of a
 * query returning a third of the catalogue's ids and a set built of them.
 *
 * It holds every stored block (read whole on first use) and hears of product changes
 * through `changed` (the read model's onCommitted): a change naming a product has that
 * product's blocks read again before the next answer; a change of everything, the whole
 * table. So it answers as of the last change this process has heard of, as the read caches
 * do. Products are known by their numbers (ProductNumbers, shared with the id lists): a
 * cached list of numbers needs no mapping, any other is mapped once.
 */
export class AvailabilityIndex {
  private table = BlockTable.empty;
  /** Products of `table` whose blocks were read again: the overlay holds their blocks now. */
  private superseded = new Uint8Array(0);
  private overlay = emptyOverlay();
  /** Products changed since their blocks were read. */
  private readonly dirty = new Set<string>();
  /** Everything may have changed (and, first, nothing was read yet). */
  private stale = true;
  /** More blocks are stored than it holds. */
  private tooMany = false;
  private refreshing?: Promise<void>;
  /** A run read ahead (readAhead), which a refresh waits for. */
  private stepping?: Promise<void>;
  /** A whole read under way: the blocks read so far and the runs of products left. */
  private building?: { columns: BlockColumns; runs: AsyncIterator<StoredBlocks> };
  private readonly listNumbers = new WeakMap<IdList, Int32Array>();
  private readonly listMembers = new WeakMap<IdList, Uint8Array>();
  private flags = new Uint8Array(0);

  constructor(
    private readonly blocks: ReservationBlocks,
    private readonly maxBlocks = MAX_INDEXED_BLOCKS,
    private readonly names = new ProductNumbers(),
  ) {}

  /** A committed change to products: `key` names the one product changed, when the writer said which. */
  changed(key?: string): void {
    if (this.stale) return;
    if (key === undefined || this.dirty.size >= MAX_REREAD_PRODUCTS) {
      this.stale = true;
      this.dirty.clear();
    } else this.dirty.add(key);
  }

  /**
   * The positions in `list` of the products blocked during `interval`, as bits; undefined
   * when more blocks are stored than the index holds (the caller asks the database).
   */
  async blockedPositions(list: IdList, interval: Interval): Promise<PositionBits | undefined> {
    if (!(await this.current())) return undefined;
    const numbers = this.numbersOf(list);
    const flags = this.clearedFlags();
    this.table.mark(interval, flags, this.superseded);
    const { products, starts, ends } = this.overlay;
    for (let index = 0; index < starts.length; index++) {
      if ((starts[index] as number) < interval.end && (ends[index] as number) > interval.start) flags[products[index] as number] = 1;
    }
    const blocked = positionBits(numbers.length);
    for (let position = 0; position < numbers.length; position++) {
      if (flags[numbers[position] as number]) setPosition(blocked, position);
    }
    return blocked;
  }

  /**
   * The ids of `list` from its `offset`-th entry not blocked during `interval`, at most
   * `limit`, and how many entries are not blocked; undefined when more blocks are stored than
   * the index holds. The work follows the blocks in the interval and the page's place, not
   * the list's length: a first page costs no bit per entry of the list.
   */
  async availableRun(list: IdList, interval: Interval, offset: number, limit: number): Promise<{ ids: string[]; total: number } | undefined> {
    if (!(await this.current())) return undefined;
    const numbers = this.numbersOf(list);
    const members = this.membersOf(list, numbers);
    const flags = this.clearedFlags();
    let blocked = this.table.mark(interval, flags, this.superseded, members);
    const { products, starts, ends } = this.overlay;
    for (let index = 0; index < starts.length; index++) {
      const product = products[index] as number;
      if ((starts[index] as number) < interval.end && (ends[index] as number) > interval.start && flags[product] === 0) {
        flags[product] = 1;
        if (members[product] === 1) blocked++;
      }
    }
    const ids: string[] = [];
    let skip = offset;
    for (let position = 0; position < numbers.length && ids.length < limit; position++) {
      if (flags[numbers[position] as number] === 1) continue;
      if (skip > 0) skip--;
      else ids.push(list.slice(position, position + 1)[0] as string);
    }
    return { ids, total: numbers.length - blocked };
  }

  /**
   * A flag per product, all clear: one array reused by every answer (each is synchronous once
   * the blocks are current), where a new one a request cost a megabyte of garbage at a million.
   */
  private clearedFlags(): Uint8Array {
    if (this.flags.length < this.names.size) this.flags = new Uint8Array(Math.ceil(this.names.size * 1.25));
    else this.flags.fill(0);
    return this.flags;
  }

  /** Which products `list` holds, by number, kept for the list. */
  private membersOf(list: IdList, numbers: Int32Array): Uint8Array {
    let members = this.listMembers.get(list);
    if (!members) {
      members = new Uint8Array(this.names.size);
      for (const number of numbers) members[number] = 1;
      this.listMembers.set(list, members);
    }
    return members;
  }

  /**
   * Reads one run of products' blocks of a whole read (starting one if everything may have
   * changed), so that the first filter after start-up need not wait seconds for them all
   * (~3,000,000 blocks at a million products): the server calls it while no request is in
   * flight. Whether more is left to read.
   */
  async readAhead(): Promise<boolean> {
    if (this.refreshing || this.stepping || !(this.stale || this.building)) return false;
    this.stepping = (this.stale ? this.startReading() : this.readRun()).finally(() => {
      this.stepping = undefined;
    });
    await this.stepping;
    return this.building !== undefined;
  }

  /** Brings the blocks up to the changes heard before the call; whether the index holds them all. */
  private async current(): Promise<boolean> {
    await this.stepping?.catch(() => undefined);
    // A refresh under way may have started before a change this call must see: then one more.
    for (let round = 0; round < 2 && (this.refreshing || this.stale || this.dirty.size > 0 || this.building); round++) {
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = undefined;
      });
      await this.refreshing;
    }
    return !this.tooMany;
  }

  private async refresh(): Promise<void> {
    if (this.stale || this.building || this.tooMany || this.overlay.starts.length + this.dirty.size > MAX_REREAD_PRODUCTS * 4) return this.readAll();
    const ids = [...this.dirty];
    this.dirty.clear();
    this.replace(ids, await this.blocks.read(ids));
  }

  /** Reads every block: on from a whole read under way, unless everything may have changed since it began. */
  private async readAll(): Promise<void> {
    if (this.stale || !this.building) await this.startReading();
    while (this.building) await this.readRun();
  }

  private async startReading(): Promise<void> {
    // Changes heard from here on are read again after this.
    this.stale = false;
    this.dirty.clear();
    this.overlay = emptyOverlay();
    this.table = BlockTable.empty;
    this.superseded = new Uint8Array(0);
    this.building = undefined;
    try {
      const count = await this.blocks.count();
      this.tooMany = count > this.maxBlocks;
      // Room for the blocks counted; any stored meanwhile are read as well.
      if (!this.tooMany) this.building = { columns: new BlockColumns(count), runs: this.blocks.readAll()[Symbol.asyncIterator]() };
    } catch (error) {
      this.stale = true;
      throw error;
    }
  }

  /** The next run of a whole read; the table once the last is read. */
  private async readRun(): Promise<void> {
    const building = this.building;
    if (!building) return;
    let next: IteratorResult<StoredBlocks>;
    try {
      next = await building.runs.next();
    } catch (error) {
      // Read again from the start: the runs read so far are not the whole.
      this.building = undefined;
      this.stale = true;
      throw error;
    }
    const { columns } = building;
    if (!next.done) {
      const chunk = next.value;
      const numbers = this.names.numbersOfSpans(chunk.text, chunk.idStarts, chunk.idEnds);
      for (let index = 0; index < chunk.starts.length; index++) columns.add(numbers[index] as number, chunk.starts[index] as number, chunk.ends[index] as number);
      if (columns.length <= this.maxBlocks) return;
      this.tooMany = true;
      this.building = undefined;
      return;
    }
    this.building = undefined;
    this.table = columns.table();
    this.superseded = new Uint8Array(this.names.size);
  }

  /** Makes the blocks just read the only ones of `ids`. */
  private replace(ids: string[], columns: StoredBlocks): void {
    const changed = new Set(ids.map((id) => this.names.numberOf(id)));
    for (const product of changed) if (product < this.superseded.length) this.superseded[product] = 1;
    const kept = emptyOverlay();
    const keep = (product: number, start: number, end: number) => {
      kept.products.push(product);
      kept.starts.push(start);
      kept.ends.push(end);
    };
    const old = this.overlay;
    old.products.forEach((product, index) => {
      if (!changed.has(product)) keep(product, old.starts[index] as number, old.ends[index] as number);
    });
    const numbers = this.names.numbersOfSpans(columns.text, columns.idStarts, columns.idEnds);
    for (let index = 0; index < columns.starts.length; index++) keep(numbers[index] as number, columns.starts[index] as number, columns.ends[index] as number);
    this.overlay = kept;
  }

  /** Each entry of `list` as its product's number, kept for the list (cached lists are immutable). */
  private numbersOf(list: IdList): Int32Array {
    if (list instanceof NumberList) return list.numbers;
    const known = this.listNumbers.get(list);
    if (known) return known;
    const numbers = Int32Array.from(list.slice(0, list.length), (id) => this.names.numberOf(id));
    this.listNumbers.set(list, numbers);
    return numbers;
  }
}
