import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** A checkpoint asked of the thread, once `intervalMs` have passed since its last one. */
export type CheckpointRequest = 'checkpoint';

/** What the thread answers after each checkpoint: the frames in the log, and whether it was copied whole into the file. */
export type CheckpointAnswer = { frames: number; complete: boolean } | { error: { message: string; code?: string } };

export interface CheckpointSettings {
  file: string;
  /** The least time between two checkpoints, in milliseconds. */
  intervalMs: number;
  /** Frames the log may hold before the writers are held while it is copied whole (see WalCheckpointer). */
  restartFrames: number;
  /** One Int32: 1 while the thread holds new batches back (see WalCheckpointer.beforeBegin). */
  gate: SharedArrayBuffer;
}

/**
 * How long the last pass waits for the batch under way to commit and for readers of an older
 * state to finish, holding the writers meanwhile; past it the pass copies what it can and the
 * writers go on (the log then starts over at a later try).
 */
const HOLD_WAIT_MS = 50;
/** Passes that took longer than this left enough behind to copy once more before the writers are held. */
const CATCH_UP_MS = 5;
/** At most this many such passes before the last. */
const CATCH_UP_PASSES = 3;

const settings = workerData as CheckpointSettings;
const port = parentPort;
if (!port) throw new Error('wal-checkpoint-worker runs as a worker thread');
const gate = new Int32Array(settings.gate);

const connection = new Database(settings.file, { fileMustExist: true });
// A checkpoint that finds the checkpoint lock taken (another process's) gives up at once.
connection.pragma('busy_timeout = 0');
connection.pragma('wal_autocheckpoint = 0');

type Mode = 'PASSIVE' | 'RESTART';

function checkpoint(mode: Mode): { frames: number; complete: boolean } {
  const [row] = connection.pragma(`wal_checkpoint(${mode})`) as { busy: number; log: number; checkpointed: number }[];
  if (!row) throw new Error('wal_checkpoint answered nothing');
  return { frames: row.log, complete: row.busy === 0 && row.checkpointed === row.log };
}

/**
 * Copies the whole log with the writers held: the gate shuts (batches not yet begun wait),
 * and a RESTART checkpoint takes SQLite's write lock once the batch under way commits, copies
 * what is left, syncs, and waits for readers of the log to finish, so that the next batch
 * writes at the log's start. All on this thread: no message to the event loop, which may be
 * busy, lies between shutting the gate and opening it again.
 */
function copyWhole(): { frames: number; complete: boolean } {
  Atomics.store(gate, 0, 1);
  connection.pragma(`busy_timeout = ${HOLD_WAIT_MS}`);
  try {
    return checkpoint('RESTART');
  } finally {
    connection.pragma('busy_timeout = 0');
    Atomics.store(gate, 0, 0);
    Atomics.notify(gate, 0);
  }
}

/** When the log holds this many frames the next checkpoint copies it whole. */
let restartAt = settings.restartFrames;

/**
 * A passive checkpoint: it copies what the log holds into the file (up to what the oldest
 * reader still reads) without taking the write lock, so the service's writers go on. Once
 * the log holds `restartAt` frames, a few more passes copy what the writers added meanwhile,
 * and then the last, with the writers held, copies the rest.
 */
function run(): CheckpointAnswer {
  let started = performance.now();
  let pass = checkpoint('PASSIVE');
  if (pass.frames < settings.restartFrames) restartAt = settings.restartFrames;
  if (pass.frames < restartAt) return pass;
  for (let extra = 0; extra < CATCH_UP_PASSES && performance.now() - started > CATCH_UP_MS; extra++) {
    started = performance.now();
    pass = checkpoint('PASSIVE');
  }
  pass = copyWhole();
  // A reader kept the log from being copied whole or started over: try again later.
  restartAt = pass.frames + settings.restartFrames;
  return pass;
}

let lastRun = 0;
port.on('message', () => {
  setTimeout(
    () => {
      let answer: CheckpointAnswer;
      try {
        answer = run();
      } catch (error) {
        const { message, code } = error as { message: string; code?: unknown };
        answer = { error: { message, ...(typeof code === 'string' ? { code } : {}) } };
      }
      lastRun = Date.now();
      port.postMessage(answer);
    },
    Math.max(0, lastRun + settings.intervalMs - Date.now()),
  );
});
