import type { ProductReadRow } from '../../storage/products-repository.js';
import { renderedEntry } from './kept-entry.js';
import { entrySize } from './product-cache.js';
import type { ReadServices } from './read-services.js';
import { galleryImages } from './render.js';
import { renderBodies } from './render-bodies.js';

/** Products rendered per idle turn: ~25 µs each, so that a request arriving meanwhile waits well under a millisecond. */
const CHUNK = 16;
/** The share of the product cache and of the body file's first lap that warming leaves to what requests bring. */
const LEFT_TO_REQUESTS = 0.25;
/** Bodies waiting for their writes past which warming pauses, so that they never pile up in memory. */
const MAX_BACKLOG = 1024 * 1024;
const RETRY_MS = 20;

/**
 * Renders every product's body at the default depth (1) into the product cache while the
 * server has nothing else to do, so that the first read of a product after start-up costs what
 * a repeated one does (in the harness, the first 8 s of random reads over 20,000 products ran
 * at 28,000 req/s instead of 6,100). It works in idle turns only (no request in flight), a few
 * products at a time in id order, and stops at the end of the catalogue, before the product
 * cache or the body file's first lap is three-quarters full (it never evicts anything), and not
 * at all when bodies are kept in memory or afterRead hooks make them depend on the caller.
 * Each body keeps the anonymous readers' access check, as a read keeps it; a write to a product
 * meanwhile forgets it (the cache's generation), as it does a read's.
 *
 * Off unless WARM_BODIES is set: it fills from the start the cache that reads fill only in part
 * (two bench runs: RSS 290 and 275 MB against 252), and in the bench, whose reads start with the
 * service, the reads it speeds up stayed within the noise.
 */
export class BodyWarmer {
  private after = '';
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
    if (file.backlog > MAX_BACKLOG) return 'later';
    const readAt = cache.generation;
    const rows = await services.storage.products.after(this.after, CHUNK);
    const last = rows.at(-1);
    if (!last) return 'done';
    this.after = last.id;
    const unheld = (row: ProductReadRow) => cache.get(row.id)?.body1 === undefined;
    const cold = rows.filter(unheld);
    const bodies = await renderBodies(cold, 1, (ids) => galleryImages(services, ids));
    for (const [index, row] of cold.entries()) {
      // A read may have kept it meanwhile.
      if (!unheld(row)) continue;
      const body = bodies[index] as Buffer;
      const entry = await renderedEntry(services, row, body);
      if (!fits(entrySize(entry), body.length)) return 'done';
      entry.body1 = file.keep(body);
      cache.set(row.id, entry, entrySize(entry), readAt);
    }
    return rows.length === CHUNK ? 'more' : 'done';
  }
}
