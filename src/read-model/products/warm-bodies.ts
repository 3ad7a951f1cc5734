import type { ProductReadRow } from '../../storage/products-repository.js';
import { renderedEntry } from './kept-entry.js';
import { entrySize } from './product-cache.js';
import type { ReadServices } from './read-services.js';
import { galleryImages } from './render.js';
import { renderBodies } from './render-bodies.js';
import { rowFacts } from './rental-facts.js';

/** Products warmed per idle turn: ~55 µs each (body and rental facts), so that a request arriving meanwhile waits about a millisecond at most. */
const CHUNK = 16;
/**
 * The share of the product cache and of the body file's first lap that warming leaves to what
 * requests bring: bodies at other depths, lists' pages. Warming happens only when the whole
 * catalogue fits beside it, so the products themselves need no room of their own.
 */
const LEFT_TO_REQUESTS = 0.1;
/** Bodies waiting for their writes past which warming pauses, so that they never pile up in memory. */
const MAX_BACKLOG = 1024 * 1024;
const RETRY_MS = 20;
/** Products warmed before their sizes say whether the whole catalogue would fit. */
const SAMPLE = 256;

/**
 * Renders every product's body at the default depth (1) into the product cache while the
 * server has nothing else to do, and reads its rental facts (quote and calendar), so that the
 * first read of a product after start-up costs what a repeated one does. On a catalogue of
 * 100,000 written in bulk, 10 s of random reads ran at 0.68 of B1, quotes at 0.60 and
 * calendars at 0.53, against 0.41, 0.34 and 0.44 without it. It works in idle turns only (no
 * request in flight), a few products at a time in id order, and stops at the end of the
 * catalogue, before the product cache or the body file's first lap is nine-tenths full (it
 * never evicts anything), once the first SAMPLE products show that the rest would not fit
 * (see wholeFits: a catalogue that does not fit is warmed no further), and not at all when
 * bodies are kept in memory or afterRead hooks make them depend on the caller. Each body keeps
 * the anonymous readers' access check, as a read keeps it; a write to a product meanwhile
 * forgets it (the cache's generation), as it does a read's.
 */
export class BodyWarmer {
  private after = '';
  /** The products read so far. */
  private seen = 0;
  /** Whether the sample has been projected over the rest (see wholeFits). */
  private projected = false;
  /** Entries kept so far, and what they and their bodies took: the sizes the rest are expected to take. */
  private warmed = 0;
  private entryBytes = 0;
  private bodyBytes = 0;
  private state: 'waiting' | 'scheduled' | 'running' | 'stopped' = 'waiting';
  private resolveFinished!: () => void;
  /** Resolves once it has stopped for good (the end of the catalogue, a full cache, a failure or `stop`). */
  readonly finished = new Promise<void>((resolve) => (this.resolveFinished = resolve));

  constructor(
    private readonly services: ReadServices,
    private readonly idle: () => boolean,
  ) {}

  /** Warms on if the server is idle by the next turn; called at start and whenever the last request in flight ends. */
  nudge(): void {
    if (this.state !== 'waiting') return;
    this.state = 'scheduled';
    setImmediate(() => {
      if (this.state !== 'scheduled') return;
      if (!this.idle()) {
        this.state = 'waiting';
        return;
      }
      this.state = 'running';
      void this.step();
    });
  }

  stop(): void {
    this.state = 'stopped';
    this.resolveFinished();
  }

  private async step(): Promise<void> {
    let next: 'more' | 'later' | 'done';
    try {
      next = await this.warmChunk();
    } catch {
      // A failed read ends warming; requests render what they need, as without it.
      next = 'done';
    }
    if (this.state !== 'running') return;
    if (next === 'done') return this.stop();
    this.state = 'waiting';
    if (next === 'more') this.nudge();
    else setTimeout(() => this.nudge(), RETRY_MS).unref();
  }

  private async warmChunk(): Promise<'more' | 'later' | 'done'> {
    const { services } = this;
    const { products: cache, bodies: file } = services.caches;
    if (services.callerDependent() || file.capacity === 0) return 'done';
    // Room for one more body of this size, with the share left to requests still free after it.
    const fits = (entryBytes: number, bodyBytes: number) =>
      cache.room - entryBytes >= cache.capacity * LEFT_TO_REQUESTS && file.firstLapLeft - bodyBytes >= file.capacity * LEFT_TO_REQUESTS;
    if (!fits(0, 0)) return 'done';
    if (!this.projected && this.warmed >= SAMPLE) {
      this.projected = true;
      if (!this.wholeFits(await services.storage.products.countAtMost(), fits)) return 'done';
    }
    if (file.backlog > MAX_BACKLOG) return 'later';
    const readAt = cache.generation;
    const rows = await services.storage.products.after(this.after, CHUNK);
    const last = rows.at(-1);
    if (!last) return 'done';
    this.after = last.id;
    this.seen += rows.length;
    const unheld = (row: ProductReadRow) => cache.get(row.id)?.body1 === undefined;
    const cold = rows.filter(unheld);
    const bodies = await renderBodies(cold, 1, (ids) => galleryImages(services, ids));
    for (const [index, row] of cold.entries()) {
      // A read may have kept it meanwhile.
      if (!unheld(row)) continue;
      const body = bodies[index] as Buffer;
      const entry = await renderedEntry(services, row, body);
      entry.rental = rowFacts(row);
      if (!fits(entrySize(entry), body.length)) return 'done';
      entry.body1 = file.keep(body);
      const size = entrySize(entry);
      cache.set(row.id, entry, size, readAt);
      this.warmed++;
      this.entryBytes += size;
      this.bodyBytes += body.length;
    }
    return rows.length === CHUNK ? 'more' : 'done';
  }

  /**
   * Whether the rest of the catalogue, at the sizes warmed so far, would fit as well. Reads of
   * a catalogue that does not fit whole come from everywhere in it, so warming more of it (in
   * id order) would spend memory on hits for a few of them only.
   */
  private wholeFits(products: number, fits: (entryBytes: number, bodyBytes: number) => boolean): boolean {
    const left = Math.max(0, products - this.seen);
    return fits((left * this.entryBytes) / this.warmed, (left * this.bodyBytes) / this.warmed);
  }
}
