import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';

/** What the pool asks of a hashing thread (hash-worker.mjs), and its answer. */
type HashRequest = { kind: 'hash'; password: string; options: Options } | { kind: 'verify'; password: string; hash: string };
type HashJob = HashRequest & { id: number };
type HashAnswer = { id: number; result: string | boolean } | { id: number; error: string };

type Waiting = { job: HashJob; resolve: (result: string | boolean) => void; reject: (error: Error) => void };

/** How long a thread may wait for work before it stops; a login after that starts one (~30 ms). */
export const HASH_THREAD_IDLE_MS = 5000;

/**
 * Password hashing on threads of its own, started on first use, each at the lowest
 * priority (hash-worker.mjs) and one job at a time; jobs beyond them wait in order. On
 * libuv's pool, a burst of logins competed with the event loop as an equal for the cores;
 * here the event loop comes first, and logins take what it leaves. A thread idle for
 * `idleMs` stops: each holds ~20 MB (its own V8 heap and allocator arena) that the
 * process would otherwise keep for good after a single burst of logins.
 */
export class HashPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Waiting>();
  private readonly queue: Waiting[] = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private readonly stopping = new Set<Worker>();
  private nextId = 0;

  constructor(
    private readonly size: number,
    private readonly idleMs = HASH_THREAD_IDLE_MS,
  ) {}

  /** Threads running, busy or idle. */
  get threads(): number {
    return this.idle.length + this.busy.size;
  }

  hash(password: string, options: Options): Promise<string> {
    return this.run({ kind: 'hash', password, options }) as Promise<string>;
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.run({ kind: 'verify', hash, password }) as Promise<boolean>;
  }

  private run(request: HashRequest): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...request, id: this.nextId++ }, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.start() : undefined);
      if (!worker) return;
      const waiting = this.queue.shift() as Waiting;
      this.cancelIdleStop(worker);
      this.busy.set(worker, waiting);
      // A thread keeps the process alive while it hashes, not while it waits for work.
      worker.ref();
      worker.postMessage(waiting.job);
    }
  }

  private start(): Worker {
    const worker = new Worker(new URL('./hash-worker.mjs', import.meta.url));
    worker.on('message', (answer: HashAnswer) => {
      const waiting = this.busy.get(worker);
      this.busy.delete(worker);
      this.idle.push(worker);
      worker.unref();
      this.stopWhenIdle(worker);
      if (waiting) {
        if ('error' in answer) waiting.reject(new Error(answer.error));
        else waiting.resolve(answer.result);
      }
      this.dispatch();
    });
    // A thread that dies (out of memory, say) fails its job; the next job starts a new one.
    const lost = (error: Error) => {
      const waiting = this.busy.get(worker);
      this.busy.delete(worker);
      this.cancelIdleStop(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      waiting?.reject(error);
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (!this.stopping.delete(worker)) lost(new Error(`the hashing thread exited with ${code}`));
    });
    return worker;
  }

  private cancelIdleStop(worker: Worker): void {
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
  }

  private stopWhenIdle(worker: Worker): void {
    const timer = setTimeout(() => {
      this.idleTimers.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at < 0) return;
      this.idle.splice(at, 1);
      this.stopping.add(worker);
      void worker.terminate();
    }, this.idleMs);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }
}
