import { fdatasyncSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** A checkpoint asked of the thread: `now`, or once `intervalMs` have passed since its last one. */
export interface CheckpointRequest {
  now: boolean;
}

/** What the thread answers after each checkpoint: the frames in the log, and whether it was copied whole into the file. */
export type CheckpointAnswer = { frames: number; complete: boolean } | { error: { message: string; code?: string } };

export interface CheckpointSettings {
  file: string;
  /** The least time between two checkpoints asked for without `now`, in milliseconds. */
  intervalMs: number;
  /** The thread's nice value (see CHECKPOINT_NICE). */
  nice: number;
  /** A descriptor of the database file, flushed after each pass asked without `now` (see flush); none: not flushed. */
  flushFd?: number;
}

/** Lowers this thread's priority alone: Linux takes a thread's id where setpriority takes a process's. */
function yieldToRequests(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, settings.nice);
  } catch {
    // Not Linux: the thread keeps the process's priority.
  }
}

const settings = workerData as CheckpointSettings;
const port = parentPort;
if (!port) throw new Error('wal-checkpoint-worker runs as a worker thread');

yieldToRequests();
const connection = new Database(settings.file, { fileMustExist: true });
// A checkpoint that finds the checkpoint lock taken (another process's) gives up at once.
connection.pragma('busy_timeout = 0');
connection.pragma('wal_autocheckpoint = 0');

/**
 * A passive checkpoint: it copies what the log holds into the file (up to what the oldest
 * reader still reads) without taking the write lock, so the service's writers go on.
 */
function checkpoint(): CheckpointAnswer {
  const [row] = connection.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  if (!row) throw new Error('wal_checkpoint answered nothing');
  return { frames: row.log, complete: row.busy === 0 && row.checkpointed === row.log };
}

/**
 * Writes the pages a pass copied out to the disk while the writers go on. SQLite syncs the
 * database file only in a pass that finds no newer frame when it ends, which under steady
 * writes is only the pass the writers are held for (see WalCheckpointer): that pass then
 * waited for every page copied since the last hold, and held the writers 110–200 ms every
 * 3 s of updates at 100,000 products. Flushed here, it waits for its own pages alone.
 */
function flush(): void {
  if (settings.flushFd !== undefined) fdatasyncSync(settings.flushFd);
}

let lastRun = 0;
port.on('message', (request: CheckpointRequest) => {
  setTimeout(
    () => {
      let answer: CheckpointAnswer;
      try {
        answer = checkpoint();
        if (!request.now) flush();
      } catch (error) {
        const { message, code } = error as { message: string; code?: unknown };
        answer = { error: { message, ...(typeof code === 'string' ? { code } : {}) } };
      }
      lastRun = Date.now();
      port.postMessage(answer);
    },
    request.now ? 0 : Math.max(0, lastRun + settings.intervalMs - Date.now()),
  );
});
