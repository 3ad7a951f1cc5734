import type { ServerResponse } from 'node:http';
import type { Services } from '../operations/context.js';
import type { StoredEvent } from '../storage/outbox.js';
import { PreparedEvent, type Viewer } from './event-views.js';

/** A `:` comment this often keeps every stream (and the proxies on its way) alive; SPEC 11 asks for one at least every 15 s. */
export const HEARTBEAT_MS = 10_000;
/** Bytes a stream may have waiting to be sent: past this its client is not reading, and it is cut off. */
export const MAX_STREAM_BUFFER = 256 * 1024;
/** Events read from the outbox per query. */
const PAGE = 500;
/** Every this many heartbeats (a minute) each signed-in stream's session is checked again. */
const SESSION_CHECK_EVERY = 6;
/** Browsers wait this long before reconnecting (the `retry:` field). */
const RECONNECT_MS = 2_000;

/** Where a stream starts: after an event id it saw (Last-Event-ID), or at the newest event. */
export type StreamStart = { after: number } | 'now';

/** One open stream: its viewer, how far it has been sent, and its response. */
class Stream {
  /** The id of the last event this stream has been offered (sent, or filtered out). */
  sent = 0;
  /** Whether it takes events as the hub reads them (else it is catching up from the outbox). */
  live = false;
  closed = false;

  constructor(
    readonly viewer: Viewer,
    private readonly response: ServerResponse,
    private readonly stillValid: (() => Promise<boolean>) | undefined,
    private readonly onCut: () => void,
  ) {}

  /** Events offered while the caller's session is being checked again: sent once it holds, dropped if it does not. */
  private held: PreparedEvent[] | undefined;

  /**
   * Ends the stream once its caller's session no longer holds. Until the answer comes, events
   * wait: after a logout none may reach the stream (SPEC 4: every token of the session is dead
   * at once). A check that fails ends the stream too; the client reconnects and is asked again.
   */
  recheck(): void {
    if (!this.stillValid || this.held || this.closed) return;
    const held: PreparedEvent[] = [];
    this.held = held;
    this.stillValid().then(
      (valid) => this.checked(valid, held),
      () => this.checked(false, held),
    );
  }

  private checked(valid: boolean, held: PreparedEvent[]): void {
    this.held = undefined;
    if (!valid) return this.end();
    for (const event of held) this.send(event);
  }

  write(text: string): void {
    if (this.closed) return;
    this.response.write(text);
    // A client that stops reading: its bytes pile up here; past the limit it is cut off rather than buffered without end.
    if (this.response.writableLength > MAX_STREAM_BUFFER) {
      this.closed = true;
      this.onCut();
      this.response.destroy();
    }
  }

  offer(event: PreparedEvent): void {
    if (event.id <= this.sent) return;
    this.sent = event.id;
    if (this.held) this.held.push(event);
    else this.send(event);
  }

  private send(event: PreparedEvent): void {
    const frame = event.frameFor(this.viewer);
    if (frame !== undefined) this.write(frame);
  }

  /** Waits while the client has more waiting than it read (catching up from far back). */
  async drained(): Promise<void> {
    if (!this.response.writableNeedDrain || this.closed) return;
    await new Promise<void>((done) => {
      this.response.once('drain', done);
      this.response.once('close', done);
    });
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.response.end();
  }
}

/**
 * The live stream's fan-out (SPEC 11): one reader of the outbox per instance, woken by every
 * commit with events on any instance (Outbox.onAppended), hands each new event, prepared once,
 * to every open stream in id order, each getting the frame its viewer may see. A stream that
 * resumes (Last-Event-ID) first catches up from the outbox on its own, then joins; ids tell
 * what it already has, so nothing is lost or sent twice. One that resumes from before the
 * retention gets a `reset` event first.
 */
export class EventHub {
  private cursor = 0;
  private readonly streams = new Set<Stream>();
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private closed = false;
  /** Streams cut off for not reading (for the logs and tests). */
  cutOff = 0;

  constructor(private readonly services: Pick<Services, 'storage' | 'config' | 'log' | 'jobs'>) {}

  async start(): Promise<void> {
    this.cursor = await this.services.storage.outbox.head(true);
    const stopReading = this.services.storage.outbox.onAppended(() => this.read());
    // A logout, a revoked session or a changed account (here or, on PostgreSQL, on another instance): signed-in streams are asked again at once.
    const stopChecking = this.services.storage.changes.source('sessions', 'accounts').onChange(() => {
      for (const stream of this.streams) stream.recheck();
    });
    this.unsubscribe = () => {
      stopReading();
      stopChecking();
    };
    let beats = 0;
    this.heartbeat = setInterval(() => {
      const recheck = ++beats % SESSION_CHECK_EVERY === 0;
      for (const stream of this.streams) {
        stream.write(':\n\n');
        if (recheck) stream.recheck();
      }
    }, HEARTBEAT_MS).unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Reads what was committed since the last read and hands it to the live streams; a wake during a read reads again after it. */
  private read(): void {
    if (this.closed) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        // With no stream open, only the newest id is read (an index lookup), not the events;
        // a stream that opens meanwhile starts from the cursor as it was, so nothing is skipped.
        if (this.streams.size === 0) {
          const head = await this.services.storage.outbox.head(true);
          if (this.streams.size === 0) {
            this.cursor = Math.max(this.cursor, head);
            continue;
          }
        }
        for (;;) {
          const rows = await this.services.storage.outbox.after(this.cursor, PAGE);
          for (const row of rows) {
            const event = await PreparedEvent.of(row, this.services);
            this.cursor = row.id;
            for (const stream of this.streams) if (stream.live) stream.offer(event);
          }
          if (rows.length < PAGE) break;
        }
      } while (this.readAgain && !this.closed);
    })()
      .catch((error) => this.services.log.warn({ err: error }, 'the event stream could not read the outbox'))
      .finally(() => (this.reading = undefined));
  }

  /**
   * Opens a stream on `response` (headers already sent) for `viewer`, from `start`; resolves
   * once it is live. `stillValid` is asked every minute whether the caller's session holds (a
   * logout or an expiry ends the stream).
   */
  async open(response: ServerResponse, viewer: Viewer, start: StreamStart, stillValid?: () => Promise<boolean>): Promise<void> {
    if (this.closed) {
      response.end();
      return;
    }
    const stream = new Stream(viewer, response, stillValid, () => {
      this.cutOff++;
      this.streams.delete(stream);
    });
    this.streams.add(stream);
    response.once('close', () => {
      stream.closed = true;
      this.streams.delete(stream);
    });
    stream.write(`retry: ${RECONNECT_MS}\n:\n\n`);
    const { outbox } = this.services.storage;
    if (start === 'now') {
      stream.sent = this.cursor;
      stream.live = true;
      return;
    }
    stream.sent = start.after;
    // An id past the database's newest event (another database's, or a restored one) would hold
    // back every event until the ids pass it: the client starts again, as after a pruned id.
    const beyond = start.after > this.cursor && start.after > (await outbox.head());
    if (beyond || (await this.beforeRetention(start.after))) {
      stream.sent = beyond ? this.cursor : Math.max(this.cursor, start.after);
      const now = new Date().toISOString();
      stream.write(`id: ${stream.sent}\nevent: reset\ndata: {"id":${stream.sent},"type":"reset","createdAt":"${now}","data":{"lastEventId":${start.after}}}\n\n`);
    }
    // Catch up from the outbox until level with the hub, then join it (no await between the check and joining).
    while (!stream.closed && stream.sent < this.cursor) {
      const rows: StoredEvent[] = await outbox.after(stream.sent, PAGE);
      if (rows.length === 0) break;
      for (const row of rows) stream.offer(await PreparedEvent.of(row, this.services));
      await stream.drained();
    }
    stream.live = true;
  }

  /**
   * Whether a resume from event `id` is older than the retention (SPEC 11: it gets a `reset`):
   * pruned, or committed longer ago than `events.retention`. Pruning can lag the retention (its
   * hourly pace, events a webhook still owes), so the event's own time decides too.
   */
  private async beforeRetention(id: number): Promise<boolean> {
    const { outbox } = this.services.storage;
    if (id < (await outbox.prunedThrough())) return true;
    const createdAt = await outbox.createdAt(id);
    return createdAt !== undefined && Date.parse(createdAt) < this.services.jobs.clock.now() - this.services.config.events.retention;
  }

  /** Ends every stream cleanly (graceful shutdown) and stops reading. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    for (const stream of this.streams) stream.end();
    this.streams.clear();
  }
}
