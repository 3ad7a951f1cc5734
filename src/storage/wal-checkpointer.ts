import type { Worker } from 'node:worker_threads';
import type { CommitObserver } from './sqlite-group-commit.js';
import { startWorker } from './start-worker.js';
import type { CheckpointAnswer, CheckpointRequest, CheckpointSettings } from './wal-checkpoint-worker.js';

/** The least time between two checkpoints while writes go on. */
export const CHECKPOINT_INTERVAL_MS = 200;
/**
 * Frames the log may hold before the next batch waits for it to start over (240 MB of 8 KB
 * pages). That wait (the last pass and its sync, 10–50 ms) holds every writer, so it comes
 * as rarely as the disk allows: a price update writes ~10 frames, and at 10,000 frames the
 * writers were held every 1.5–2.5 s of steady updates.
 */
export const RESTART_FRAMES = 30_000;
/** How long the thread stays without commits before it stops; the next commit starts one. */
export const CHECKPOINTER_IDLE_MS = 60_000;

export interface CheckpointerOptions {
  intervalMs?: number;
  restartFrames?: number;
  idleMs?: number;
}

/** Atomics.waitAsync (Node 16 and later), which the ES2022 library's types lack. */
type WaitAsync = (array: Int32Array, index: number, value: number) => { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
const atomics = Atomics as typeof Atomics & { waitAsync: WaitAsync };

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
 * for. Once the log holds `restartFrames` frames, the thread copies what the writers added
 * meanwhile in a few more passes, then shuts a gate in memory shared with this thread: new
 * batches wait for it (their writers in the event loop, reads go on) while the thread takes
 * the write lock as the batch under way commits, copies the rest and syncs, a few
 * milliseconds; the next batch then writes at the start of the log. The thread shuts and
 * opens the gate itself: no message, which a busy event loop may read late, lies on that
 * path. If a reader still reads an older state the log cannot start over, and the next hold
 * is put off by another `restartFrames`.
 *
 * If the thread fails, `onFailure` is told (the connection then checkpoints for itself again).
 */
export class WalCheckpointer implements CommitObserver {
  private worker: Worker | undefined;
  /** A checkpoint was asked of the thread and not answered. */
  private asked = false;
  /** A commit came while a checkpoint ran: another is asked when it answers. */
  private committedSince = false;
  /** 1 while the thread holds new batches back. */
  private readonly gate = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private idleTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly restartFrames: number;
  private readonly idleMs: number;

  constructor(
    private readonly file: string,
    private readonly onFailure: (error: Error) => void,
    options: CheckpointerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? CHECKPOINT_INTERVAL_MS;
    this.restartFrames = options.restartFrames ?? RESTART_FRAMES;
    this.idleMs = options.idleMs ?? CHECKPOINTER_IDLE_MS;
  }

  /** Whether the checkpoint thread is running (it stops when idle). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  committed(): void {
    if (this.stopped) return;
    if (this.asked) this.committedSince = true;
    else this.ask();
  }

  beforeBegin(): Promise<void> | undefined {
    if (Atomics.load(this.gate, 0) === 0) return undefined;
    const wait = atomics.waitAsync(this.gate, 0, 1);
    return wait.async ? wait.value.then(() => undefined) : undefined;
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    this.openGate();
  }

  private ask(): void {
    clearTimeout(this.idleTimer);
    this.asked = true;
    const request: CheckpointRequest = 'checkpoint';
    this.thread().postMessage(request);
  }

  private answered(answer: CheckpointAnswer): void {
    this.asked = false;
    if ('error' in answer) {
      this.fail(Object.assign(new Error(`SQLite checkpoint failed: ${answer.error.message}`), answer.error.code ? { code: answer.error.code } : {}));
      return;
    }
    if (this.committedSince) {
      this.committedSince = false;
      this.ask();
    } else {
      this.idleTimer = setTimeout(() => void this.stopIdle(), this.idleMs).unref();
    }
  }

  /** A thread stopped or failed while holding the writers would leave them waiting. */
  private openGate(): void {
    Atomics.store(this.gate, 0, 0);
    Atomics.notify(this.gate, 0);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const settings: CheckpointSettings = { file: this.file, intervalMs: this.intervalMs, restartFrames: this.restartFrames, gate: this.gate.buffer as SharedArrayBuffer };
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
    this.openGate();
  }

  private fail(error: Error): void {
    if (this.stopped) return;
    void this.close();
    this.onFailure(error);
  }
}
