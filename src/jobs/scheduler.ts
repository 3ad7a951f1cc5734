import { randomBytes } from 'node:crypto';
import { systemClock, type Clock, type TimerHandle } from './clock.js';
import type { LeaseStore } from './lease-store.js';

/** What a run of a job is given. */
export interface JobContext {
  /** Aborted when the scheduler stops or the lease is lost: finish the current step and return. */
  readonly signal: AbortSignal;
  /** The clock's time when the run began. */
  readonly startedAt: number;
}

export type JobRun = (context: JobContext) => Promise<void>;

export interface JobOptions {
  /**
   * Exclusive jobs (the default) run on one instance at a time, under a lease in the
   * database; `false` runs the job on every instance (work that claims its own rows).
   */
  exclusive?: boolean;
  /**
   * How long the lease of a running job holds without renewal (it is renewed every third of
   * this while the job runs); a killed instance's job is taken over once it runs out.
   * Default 30 s.
   */
  leaseMs?: number;
}

/** A scheduled job: `wake` asks for a run as soon as possible (one more after the current one). */
export interface Job {
  readonly name: string;
  wake(): void;
}

/** Reports a job's failure; the job runs again at its next tick. */
export type JobFailure = (name: string, error: unknown) => void;

const DEFAULT_LEASE_MS = 30_000;

class ScheduledJob implements Job {
  private timer: TimerHandle | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private controller: AbortController | undefined;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly run: JobRun,
    private readonly options: Required<JobOptions>,
    private readonly scheduler: Scheduler,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Not running, its next run set. */
  get settled(): boolean {
    return this.running === undefined && this.timer !== undefined;
  }

  wake(): void {
    if (this.scheduler.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    const { clock } = this.scheduler;
    if (this.timer) clock.clearTimeout(this.timer);
    this.timer = clock.setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, ms);
  }

  private async tick(): Promise<void> {
    if (this.scheduler.stopped || this.running) return;
    this.running = this.runOnce().finally(() => (this.running = undefined));
    await this.running;
    if (this.scheduler.stopped) return;
    const again = this.again;
    this.again = false;
    this.schedule(again ? 0 : this.intervalMs);
  }

  private async runOnce(): Promise<void> {
    const { clock, leases, holder } = this.scheduler;
    const startedAt = clock.now();
    const { exclusive, leaseMs } = this.options;
    try {
      if (exclusive && !(await leases.take(this.name, holder, startedAt, startedAt + leaseMs))) return;
    } catch (error) {
      this.scheduler.failed(this.name, error);
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    let renewal: TimerHandle | undefined;
    const renew = () => {
      renewal = clock.setTimeout(() => {
        leases.extend(this.name, holder, clock.now() + leaseMs).then(
          (kept) => (kept ? renew() : controller.abort(new Error(`lost the lease of ${this.name}`))),
          (error) => {
            this.scheduler.failed(this.name, error);
            renew();
          },
        );
      }, leaseMs / 3);
    };
    if (exclusive) renew();
    try {
      await this.run({ signal: controller.signal, startedAt });
    } catch (error) {
      if (!controller.signal.aborted) this.scheduler.failed(this.name, error);
    } finally {
      if (renewal) clock.clearTimeout(renewal);
      this.controller = undefined;
    }
    if (!exclusive) return;
    // Another instance may run it once an interval has passed since this run began, or at
    // once if this one was cut short by a stop (it may have left work undone).
    const until = controller.signal.aborted ? clock.now() : startedAt + this.intervalMs;
    await leases.extend(this.name, holder, until).catch((error) => this.scheduler.failed(this.name, error));
  }

  /** Stops its timer, aborts a running run and waits for it. */
  async stop(): Promise<void> {
    if (this.timer) this.scheduler.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort(new Error('the scheduler is stopping'));
    await this.running;
  }
}

/**
 * Background work: `every(name, intervalMs, run)` runs `run` every `intervalMs` (and when
 * woken), on one instance at a time across every instance sharing the database. Each run
 * first takes the job's lease in the `leases` table: free when it has run out, held by the
 * runner while it runs (renewed meanwhile) and then until an interval after the run began,
 * so that the job runs about once an interval in all, wherever. A killed instance's lease
 * runs out after `leaseMs`, and another instance takes the job over. `stop` (the app's close)
 * aborts running jobs through their signal and waits for them to return.
 */
export class Scheduler {
  readonly clock: Clock;
  readonly leases: LeaseStore;
  /** This instance's name in the leases it holds. */
  readonly holder: string;
  stopped = false;
  private started = false;
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly onFailure: JobFailure;

  constructor(leases: LeaseStore, options: { clock?: Clock; holder?: string; onFailure?: JobFailure } = {}) {
    this.clock = options.clock ?? systemClock;
    this.leases = leases;
    this.holder = options.holder ?? `instance-${randomBytes(8).toString('hex')}`;
    this.onFailure = options.onFailure ?? ((name, error) => console.error(`job ${name} failed: ${(error as Error).message}`));
  }

  every(name: string, intervalMs: number, run: JobRun, options: JobOptions = {}): Job {
    if (this.jobs.has(name)) throw new Error(`a job named ${name} is already scheduled`);
    if (!(intervalMs > 0)) throw new Error(`job ${name}: the interval must be positive`);
    const job = new ScheduledJob(name, intervalMs, run, { exclusive: options.exclusive ?? true, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS }, this);
    this.jobs.set(name, job);
    if (this.started && !this.stopped) job.start();
    return job;
  }

  /** Starts every job (their first run at once); jobs added later start when added. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const job of this.jobs.values()) job.start();
  }

  /**
   * Whether no job is running and each has set its next run: a job sets it only once its run
   * is over, so a test moving a manual clock on waits for this, or the move misses the job.
   */
  get idle(): boolean {
    return this.unsettled().length === 0;
  }

  /** The jobs running or yet to set their next run. */
  unsettled(): string[] {
    return [...this.jobs.values()].filter((job) => !job.settled).map((job) => job.name);
  }

  /** No new runs; aborts the running ones and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.jobs.values()].map((job) => job.stop()));
  }

  failed(name: string, error: unknown): void {
    this.onFailure(name, error);
  }
}
