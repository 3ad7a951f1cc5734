import type { Interval } from '../../domain/reservations.js';
import type { BlockColumns, ReservationBlocks } from '../../storage/reservation-blocks.js';
import { BlockTable } from './block-table.js';
import { positionBits, setPosition, type IdList, type PositionBits } from './id-lists.js';

/** Above this many stored blocks (~20 bytes each here, plus a number per product) the index is not built: lists ask the database. */
export const MAX_INDEXED_BLOCKS = 1_000_000;
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
 * do. Products are numbered as they are met, so that a cached list's positions map to
 * numbers once per list.
 */
export class AvailabilityIndex {
  private numbers = new Map<string, number>();
  private epoch = 0;
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
  private readonly listNumbers = new WeakMap<IdList, { epoch: number; numbers: Int32Array }>();

  constructor(
    private readonly blocks: ReservationBlocks,
    private readonly maxBlocks = MAX_INDEXED_BLOCKS,
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
    const flags = new Uint8Array(this.numbers.size);
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

  /** Brings the blocks up to the changes heard before the call; whether the index holds them all. */
  private async current(): Promise<boolean> {
    // A refresh under way may have started before a change this call must see: then one more.
    for (let round = 0; round < 2 && (this.refreshing || this.stale || this.dirty.size > 0); round++) {
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = undefined;
      });
      await this.refreshing;
    }
    return !this.tooMany;
  }

  private async refresh(): Promise<void> {
    if (this.stale || this.tooMany || this.overlay.starts.length + this.dirty.size > MAX_REREAD_PRODUCTS * 4) return this.readAll();
    const ids = [...this.dirty];
    this.dirty.clear();
    this.replace(ids, await this.blocks.read(ids));
  }

  private async readAll(): Promise<void> {
    // Changes heard from here on are read again after this.
    this.stale = false;
    this.dirty.clear();
    this.tooMany = (await this.blocks.count()) > this.maxBlocks;
    const columns = this.tooMany ? undefined : await this.blocks.read();
    this.numbers = new Map();
    this.epoch++;
    this.overlay = emptyOverlay();
    if (!columns) {
      this.table = BlockTable.empty;
      this.superseded = new Uint8Array(0);
      return;
    }
    this.table = BlockTable.build({ products: Int32Array.from(columns.productIds, (id) => this.numberOf(id)), starts: columns.starts, ends: columns.ends });
    this.superseded = new Uint8Array(this.numbers.size);
  }

  /** Makes the blocks just read the only ones of `ids`. */
  private replace(ids: string[], columns: BlockColumns): void {
    const changed = new Set(ids.map((id) => this.numberOf(id)));
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
    columns.productIds.forEach((id, index) => keep(this.numberOf(id), columns.starts[index] as number, columns.ends[index] as number));
    this.overlay = kept;
  }

  private numberOf(id: string): number {
    let number = this.numbers.get(id);
    if (number === undefined) {
      number = this.numbers.size;
      this.numbers.set(id, number);
    }
    return number;
  }

  /** Each entry of `list` as its product's number, kept for the list (cached lists are immutable). */
  private numbersOf(list: IdList): Int32Array {
    const known = this.listNumbers.get(list);
    if (known?.epoch === this.epoch) return known.numbers;
    const numbers = Int32Array.from(list.slice(0, list.length), (id) => this.numberOf(id));
    this.listNumbers.set(list, { epoch: this.epoch, numbers });
    return numbers;
  }
}
