import assert from 'node:assert/strict';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { migrate, openDatabase, type OpenDatabase } from '../../src/storage/database.js';
import { CHECKPOINT_NICE, WalCheckpointer } from '../../src/storage/wal-checkpointer.js';
import { until } from '../helpers/until.js';

const PAGE = 8192;
/** A row of about one page: each write adds a frame or two to the log. */
const ROW_TEXT = 'x'.repeat(6000);

/**
 * SQLite's checkpoints on their own thread (WalCheckpointer), through the real driver on real
 * files: the log is copied into the database file without the service's connection doing it,
 * it starts over under writes that never pause, nothing acknowledged is lost on the way, and
 * a reader holding an old state does not hold the writers.
 */
describe('SQLite checkpoints on a thread of their own', () => {
  const dirs: string[] = [];
  const opened: OpenDatabase[] = [];
  after(async () => {
    for (const database of opened) await database.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function fixture(checkpoints: { intervalMs?: number; restartFrames?: number }): Promise<{ database: OpenDatabase; file: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'));
    dirs.push(dir);
    const file = join(dir, 'rental.db');
    const database = await openDatabase(`file:${file}`, dir, { checkpoints });
    opened.push(database);
    await migrate(database);
    await sql`CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)`.execute(database.db);
    return { database, file };
  }

  const pages = async (database: OpenDatabase) => (await sql<{ page_count: number }>`PRAGMA page_count`.execute(database.db)).rows[0]?.page_count ?? 0;

  /** Whether the database file holds every page within a while: the file grows only by checkpoints, the service's connection writes to the log alone. */
  const copied = async (database: OpenDatabase, file: string) => until(async () => statSync(file).size === (await pages(database)) * PAGE, 10_000);

  /**
   * How many times the log has started over from its beginning: its header's checkpoint
   * sequence (bytes 12–15, big-endian), which SQLite counts up at each start.
   */
  function restarts(file: string): number {
    const header = Buffer.alloc(4);
    const fd = openSync(`${file}-wal`, 'r');
    try {
      readSync(fd, header, 0, 4, 12);
    } finally {
      closeSync(fd);
    }
    return header.readUInt32BE(0);
  }

  /** `writers` loops writing one row at a time until `rows` rows are written: a batch begins as soon as the last one commits. */
  async function steadyWrites(database: OpenDatabase, writers: number, rows: number): Promise<number> {
    let written = 0;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (written < rows) {
          written++;
          await sql`INSERT INTO notes (body) VALUES (${ROW_TEXT})`.execute(database.db);
        }
      }),
    );
    return written;
  }

  it('copies the log into the database file while the service never checkpoints', async () => {
    const { database, file } = await fixture({ intervalMs: 10 });
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(database.db);
    assert.equal(autocheckpoint.rows[0]?.wal_autocheckpoint, 0);
    await steadyWrites(database, 4, 400);
    assert.ok(await copied(database, file), `file ${statSync(file).size} B, ${await pages(database)} pages`);
    assert.ok((await pages(database)) > 400, 'the rows are in the file');
  });

  it('starts the log over under writes that never pause, and loses none of them', async () => {
    const { database, file } = await fixture({ intervalMs: 2, restartFrames: 200 });
    // The thread started by the table's creation, and working.
    assert.ok(await copied(database, file));
    const before = restarts(file);
    // Rounds of steady writes until the log has started over five times. How many rows that
    // takes depends on how soon the thread gets the CPU and the disk (a busy machine holds a
    // pass for hundreds of milliseconds), so the rounds go on up to a bound no stall reaches.
    let written = 0;
    while (restarts(file) - before < 5 && written < 40_000) written += await steadyWrites(database, 8, 1_000);
    assert.ok(restarts(file) - before >= 5, `the log started over ${restarts(file) - before} times in ${written} rows`);
    const other = new Database(file, { readonly: true });
    try {
      assert.equal((other.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n, written);
      assert.equal(other.pragma('integrity_check', { simple: true }), 'ok');
    } finally {
      other.close();
    }
  });

  it('lets the writers go on while a reader holds an old state of the file', async () => {
    const { database, file } = await fixture({ intervalMs: 2, restartFrames: 100 });
    assert.ok(await copied(database, file));
    const reader = new Database(file, { readonly: true });
    try {
      reader.exec('BEGIN');
      const before = (reader.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n;
      const written = await steadyWrites(database, 8, 1_500);
      assert.equal((reader.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n, before, 'the reader still reads its state');
      reader.exec('COMMIT');
      assert.equal((reader.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n, before + written);
    } finally {
      reader.close();
    }
    assert.ok(existsSync(`${file}-wal`));
  });

  it('runs its thread below the priority of the requests, on Linux', { skip: process.platform !== 'linux' }, async () => {
    // A task's nice value: field 19 of its stat, counted after the command name in parentheses.
    const niceOf = (statFile: string) => {
      const stat = readFileSync(statFile, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const niceThreads = () => readdirSync('/proc/self/task').filter((tid) => niceOf(`/proc/self/task/${tid}/stat`) === CHECKPOINT_NICE);
    const before = new Set(niceThreads());
    const { database, file } = await fixture({ intervalMs: 2 });
    await steadyWrites(database, 2, 50);
    assert.ok(await copied(database, file));
    const started = niceThreads().filter((tid) => !before.has(tid));
    assert.ok(started.length >= 1, `threads at nice ${CHECKPOINT_NICE}: ${started.length} new of ${niceThreads().length}`);
    assert.equal(niceOf('/proc/self/stat'), 0, 'the main thread keeps its priority');
  });

  it('flushes the database file after a pass, through the descriptor it is given', async () => {
    // /dev/null cannot be flushed (EINVAL): the failure shows the thread flushed that descriptor after its pass.
    const { file } = await fixture({});
    const devNull = openSync('/dev/null', 'r');
    try {
      const failures: Error[] = [];
      const checkpointer = new WalCheckpointer(file, () => false, (error) => failures.push(error), { flushFd: devNull });
      checkpointer.committed();
      assert.ok(await until(() => failures.length > 0, 10_000), 'the flush was tried and its failure told');
      assert.match(String(failures[0]?.message), /fdatasync/);
      assert.equal(checkpointer.running, false);
    } finally {
      closeSync(devNull);
    }
  });

  it('closes its descriptors of the file with the database', async () => {
    const { database, file } = await fixture({ intervalMs: 2 });
    const descriptors = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false; // closed meanwhile
      }
    });
    await steadyWrites(database, 2, 20);
    const readOnly = descriptors().filter((fd) => (Number.parseInt(/flags:\s+(\d+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1] ?? '2', 8) & 3) === 0);
    assert.ok(readOnly.length >= 1, `read-only descriptors of the file while open: ${readOnly.length}`);
    await database.close();
    opened.splice(opened.indexOf(database), 1);
    assert.deepEqual(descriptors(), []);
  });

  it('tells when its thread fails, and stops its thread on close', async () => {
    const failures: Error[] = [];
    const missing = new WalCheckpointer(join(tmpdir(), 'no-such-dir', 'rental.db'), () => false, (error) => failures.push(error));
    missing.committed();
    assert.ok(await until(() => failures.length > 0, 10_000), 'the failure was told');
    assert.match(String(failures[0]?.message), /unable to open|directory does not exist|SQLite checkpoint|thread/i);
    assert.equal(missing.running, false);

    const { file } = await fixture({});
    const checkpointer = new WalCheckpointer(file, () => false, (error) => failures.push(error));
    checkpointer.committed();
    assert.equal(checkpointer.running, true);
    await checkpointer.close();
    assert.equal(checkpointer.running, false);
    assert.equal(failures.length, 1);
  });
});
