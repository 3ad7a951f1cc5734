import type { Worker } from 'node:worker_threads';
import type { CommitObserver } from './sqlite-group-commit.js';
import { startWorker } from './start-worker.js';
import type { CheckpointAnswer, CheckpointRequest, CheckpointSettings } from './wal-checkpoint-worker.js';

/** The least time between two checkpoints while writes go on. */
export const CHECKPOINT_INTERVAL_MS = 200;
/**
 * Frames the log may hold before the next batch waits for it to start over (240 MB of 8 KB
 * pages). That wait (the last pass and its sync, 20–100 ms) holds every writer, so it comes
 * as rarely as the disk allows: a price update writes ~10 frames, and at 10,000 frames the
 * writers were held every 1.5–2.5 s of steady updates.
 */
export const RESTART_FRAMES = 30_000;
/**
 * The checkpoint thread's nice value. It shares the service's core: at the same priority a
 * pass's copying competes with the requests as an equal. But the writers' hold (see
 * RESTART_FRAMES) copies what came in during the pass before it, and at nice 10 (a tenth of
 * a busy core) a pass and its flush took ~1 s under steady updates at 100,000 products:
 * ~9,000 frames were left for the hold, 110–190 ms. At nice 5 (a quarter) the holds took
 * 50–80 ms, at nice 0 35–90 ms.
 */
export const CHECKPOINT_NICE = 5;
/** How long the thread stays without commits before it stops; the next commit starts one. */
export const CHECKPOINTER_IDLE_MS = 60_000;

export interface CheckpointerOptions {
  intervalMs?: number;
  restartFrames?: number;
  idleMs?: number;
  /** An open descriptor of the database file, which the thread flushes after its passes (see the worker's flush). */
  flushFd?: number;
}

interface Gate {
  opened: Promise<void>;
  open(): void;
  /** A batch was open when the gate shut: the last checkpoint is asked once it has committed. */
  waitingForCommit: boolean;
}

/**
 * SQLite's checkpoints (the write-ahead log copied into the database file) on a thread of
 * their own. SQLite's automatic checkpoint runs inside the COMMIT that crosses its threshold,
 * on the event loop, with the disk's flushes: every request in the process waited for it
 * (100–450 ms every few seconds of steady writes). Here the service's connection never
 * checkpoints (`wal_autocheckpoint = 0`): after commits, at most every `intervalMs`, the
 * thread runs a passive checkpoint on a connection of its own, which copies without the
 * write lock while the writers go on.
 *
 * SQLite starts the log over from its beginning only when a batch begins on a log copied
 * whole, which steady writes (a batch begins as the last one commits) need not leave time
 * for. Once the log holds `restartFrames` frames, the next batch is held back (its writers
 * wait in the event loop, reads go on) until the thread has copied what the batches before it
 * wrote since its last pass, a few milliseconds; that batch then writes at the start of the
 * log. If a reader still reads an older state the log cannot start over, and the next hold is
 * put off by another `restartFrames`.
 *
 * If the thread fails, `onFailure` is told (the connection then checkpoints for itself again).
 */
export class WalCheckpointer implements CommitObserver {
  private worker: Worker | undefined;
  /** The checkpoint the thread was asked for and has not answered. */
  private asked: 'passive' | 'final' | undefined;
  /** A commit came while a checkpoint ran: another is asked when it answers. */
  private committedSince = false;
  private gate: Gate | undefined;
  private restartAt: number;
  private idleTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly restartFrames: number;
  private readonly idleMs: number;
  private readonly flushFd: number | undefined;

  constructor(
    private readonly file: string,
    /** Whether a batch is open on the service's connection. */
    private readonly batchOpen: () => boolean,
    private readonly onFailure: (error: Error) => void,
    options: CheckpointerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? CHECKPOINT_INTERVAL_MS;
    this.restartFrames = options.restartFrames ?? RESTART_FRAMES;
    this.idleMs = options.idleMs ?? CHECKPOINTER_IDLE_MS;
    this.flushFd = options.flushFd;
    this.restartAt = this.restartFrames;
  }

  /** Whether the checkpoint thread is running (it stops when idle). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  committed(): void {
    if (this.stopped) return;
    if (this.gate?.waitingForCommit) {
      this.gate.waitingForCommit = false;
      this.ask('final');
    } else if (this.asked) {
      this.committedSince = true;
    } else {
      this.ask('passive');
    }
  }

  beforeBegin(): Promise<void> | undefined {
    return this.gate?.opened;
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.openGate();
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private ask(kind: 'passive' | 'final'): void {
    clearTimeout(this.idleTimer);
    this.asked = kind;
    const request: CheckpointRequest = { now: kind === 'final' };
    this.thread().postMessage(request);
  }

  private answered(answer: CheckpointAnswer): void {
    const kind = this.asked;
    this.asked = undefined;
    if ('error' in answer) {
      this.fail(Object.assign(new Error(`SQLite checkpoint failed: ${answer.error.message}`), answer.error.code ? { code: answer.error.code } : {}));
      return;
    }
    if (kind === 'final') {
      this.restartAt = answer.frames + this.restartFrames;
      this.openGate();
    } else if (answer.frames < this.restartFrames) {
      this.restartAt = this.restartFrames;
    } else if (answer.frames >= this.restartAt) {
      this.shutGate();
      return;
    }
    if (this.committedSince) {
      this.committedSince = false;
      this.ask('passive');
    } else {
      this.idleTimer = setTimeout(() => void this.stopIdle(), this.idleMs).unref();
    }
  }

  /** Holds new batches back; the last checkpoint is asked now, or once the open batch has committed. */
  private shutGate(): void {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.gate = { opened, open, waitingForCommit: this.batchOpen() };
    if (!this.gate.waitingForCommit) this.ask('final');
  }

  private openGate(): void {
    this.gate?.open();
    this.gate = undefined;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const settings: CheckpointSettings = { file: this.file, intervalMs: this.intervalMs, nice: CHECKPOINT_NICE, flushFd: this.flushFd };
    const worker = startWorker(import.meta.url, 'wal-checkpoint-worker', settings);
    // Nothing the thread does keeps the process alive.
    worker.unref();
    worker.on('message', (answer: CheckpointAnswer) => {
      if (worker === this.worker) this.answered(answer);
    });
    worker.on('error', (error) => {
      if (worker === this.worker) this.fail(error);
    });
    worker.on('exit', (code) => {
      if (worker === this.worker) this.fail(new Error(`The SQLite checkpoint thread stopped (exit code ${code}).`));
    });
    this.worker = worker;
    return worker;
  }

  private async stopIdle(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.asked) return;
    this.worker = undefined;
    await worker.terminate();
  }

  private fail(error: Error): void {
    if (this.stopped) return;
    void this.close();
    this.onFailure(error);
  }
}
