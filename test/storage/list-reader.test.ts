import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { NoAnswerError } from '../../src/storage/answer-within.js';
import { WorkerReader } from '../../src/storage/list-reader.js';
import { isDatabaseUnavailable } from '../../src/storage/unavailable.js';
import { until } from '../helpers/until.js';

const query = (text: string, ...parameters: unknown[]) => CompiledQuery.raw(text, parameters);
/** Counts to `n` in SQL: ~7 million a second on the machine these were written on. */
const counting = (n: number) => query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT count(*) AS n FROM c', n);
/**
 * A query past every deadline below (~4 s here). Not longer: a thread given up on runs its
 * query to the end, and the test's process cannot exit before it does.
 */
const RUNAWAY = counting(30_000_000);
/** How the reader plans a query: EXPLAIN QUERY PLAN's details. */
const planOf = async (reader: WorkerReader, text: string) => (await reader.rows<{ detail: string }>(query(`EXPLAIN QUERY PLAN ${text}`))).map((row) => row.detail);
/** Without statistics SQLite takes `x = 1` for the narrower condition; ANALYZE tells it x has two values. */
const PLANNED = 'SELECT * FROM t WHERE x = 1 AND y < 100';

describe('SQLite list reader (a thread of its own)', () => {
  const dirs: string[] = [];
  const readers: WorkerReader[] = [];
  after(async () => {
    await Promise.all(readers.map((reader) => reader.close()));
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  /** A WAL database with t(x, y) of 20,000 rows, x two values, y all distinct, both indexed; and a reader on it. */
  function fixture(timeoutMs = 10_000, idleMs?: number): { main: Database.Database; reader: WorkerReader } {
    const dir = mkdtempSync(join(tmpdir(), 'rental-reader-'));
    dirs.push(dir);
    const file = join(dir, 'rental.db');
    const main = new Database(file);
    main.pragma('journal_mode = WAL');
    main.exec(`CREATE TABLE t (x integer, y integer, name text); CREATE INDEX tx ON t (x); CREATE INDEX ty ON t (y);
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999) INSERT INTO t SELECT i % 2, i, 'Žluťoučký kůň ' || i FROM n`);
    const reader = new WorkerReader(file, timeoutMs, 1_000, idleMs);
    readers.push(reader);
    return { main, reader };
  }

  it('answers what the connection of the service answers: rows, one column, its functions, its errors', async () => {
    const { main, reader } = fixture();
    const text = 'SELECT y, name FROM t WHERE x = ? ORDER BY y DESC LIMIT 3';
    assert.deepEqual(await reader.rows(query(text, 1)), main.prepare(text).all(1));
    assert.deepEqual(await reader.column(query('SELECT y FROM t WHERE y < ? ORDER BY y', 4), 'y'), [0, 1, 2, 3]);
    // The folding the search filters use is registered on the reader's connection too.
    assert.deepEqual(await reader.column(query('SELECT rc_fold(name) AS folded FROM t WHERE y = 7'), 'folded'), ['zlutoucky kun 7']);
    await assert.rejects(reader.rows(query('SELECT missing_column FROM t')), (error: Error & { code?: string }) => {
      assert.match(error.message, /no such column: missing_column/);
      assert.equal(error.code, 'SQLITE_ERROR');
      return true;
    });
    // Queries only, on a read-only connection: nothing it is asked can change the file.
    await assert.rejects(reader.rows(query('DELETE FROM t')), /The list reader runs queries only/);
    await assert.rejects(reader.rows(query('DELETE FROM t RETURNING y')), /attempt to write a readonly database/);
    assert.equal((main.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, 20_000);
  });

  it('reads what the service has committed since', async () => {
    const { main, reader } = fixture();
    const count = query('SELECT count(*) AS n FROM t WHERE x = 5');
    assert.deepEqual(await reader.column(count, 'n'), [0]);
    main.prepare('INSERT INTO t VALUES (5, -1, ?)').run('new');
    assert.deepEqual(await reader.column(count, 'n'), [1]);
  });

  it('leaves the event loop free while a query runs', async () => {
    // A deadline well past the query's length: on a loaded machine it can pass the default 10 s.
    const { main, reader } = fixture(60_000);
    let settled = false;
    const long = reader.rows(counting(20_000_000)).finally(() => (settled = true));
    // The service's own connection and timers go on meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal((main.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, 20_000);
    assert.equal(settled, false, 'the long query is still running on its thread');
    assert.deepEqual(await long, [{ n: 20_000_000 }]);
  });

  it('fails a query past the deadline as unavailable (a 503), and answers the queries behind it on a new thread', async () => {
    const { reader } = fixture(2_500);
    const long = reader.rows(RUNAWAY);
    // Asked a while later, so that its own deadline is two seconds after the first one's: time for a new thread to start under tsx on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const behind = reader.column(query('SELECT y FROM t WHERE y = 42'), 'y');
    await assert.rejects(long, (error: Error) => {
      assert.ok(error instanceof NoAnswerError);
      assert.ok(isDatabaseUnavailable(error));
      assert.equal(error.message, 'SQLite did not answer within 2500 ms.');
      return true;
    });
    assert.deepEqual(await behind, [42]);
    assert.deepEqual(await reader.column(query('SELECT count(*) AS n FROM t'), 'n'), [20_000]);
  });

  it('holds at most two threads through a run of runaway queries, and answers again once they end', async () => {
    // Long enough for a thread to start under tsx on a loaded machine; each runaway takes a few seconds here.
    const { reader } = fixture(1_500);
    const runaway = () => reader.rows(RUNAWAY);
    // A thread given up on stops only when its query ends.
    const asked = [runaway(), runaway(), runaway(), reader.rows(query('SELECT 1'))];
    for (const answer of asked) await assert.rejects(answer, NoAnswerError);
    assert.equal(reader.threads, 2, 'two given up on, none started while they run');
    assert.ok(await until(() => reader.threads === 0, 60_000), 'both stopped once their queries ended');
    assert.deepEqual(await reader.column(query('SELECT count(*) AS n FROM t'), 'n'), [20_000]);
  });

  it('stops a thread given up on at once when its query calls the folding functions on every row', async () => {
    const { reader } = fixture(1_500);
    // Minutes of folding (a `like` on every row): the thread's termination fails the call, and the statement with it.
    const folding = query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT count(*) AS n FROM c WHERE rc_fold(? || x) LIKE ?', 1_000_000_000, 'Půjčovna ', '%zz%');
    await assert.rejects(reader.rows(folding), NoAnswerError);
    assert.ok(await until(() => reader.threads === 0, 10_000), 'the thread given up on stopped');
    assert.deepEqual(await reader.column(query('SELECT count(*) AS n FROM t'), 'n'), [20_000]);
  });

  it('gathers statistics on its thread without committing them, and plans with them once stored and reopened', async () => {
    const { main, reader } = fixture();
    const mainPlan = () => (main.prepare(`EXPLAIN QUERY PLAN ${PLANNED}`).all() as { detail: string }[]).map((row) => row.detail);
    main.exec('ANALYZE sqlite_schema');
    const before = await planOf(reader, PLANNED);
    assert.deepEqual(mainPlan(), before);
    const version = main.pragma('data_version', { simple: true });
    const found = await reader.statistics('t');
    assert.ok(found.stat1.length > 0 && found.stat1.every((row) => row.tbl === 't'), 'a row per index of the table');
    assert.ok(found.stat4.length > 0 && found.stat4.every((row) => row.sample instanceof Uint8Array), 'samples, as bytes');
    assert.equal(main.prepare(`SELECT count(*) AS n FROM sqlite_stat1`).pluck().get(), 0, 'nothing committed');
    assert.equal(main.pragma('data_version', { simple: true }), version, 'no other connection sees a change');
    // Stored by another connection, as the service stores them.
    const insert = main.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
    for (const { tbl, idx, stat } of found.stat1) insert.run(tbl, idx, stat);
    const sample = main.prepare('INSERT INTO sqlite_stat4 (tbl, idx, neq, nlt, ndlt, sample) VALUES (?, ?, ?, ?, ?, ?)');
    for (const row of found.stat4) sample.run(row.tbl, row.idx, row.neq, row.nlt, row.ndlt, Buffer.from(row.sample));
    assert.deepEqual(await planOf(reader, PLANNED), before, 'the reader reads them only as it opens…');
    await reader.reopen();
    const analyzed = await planOf(reader, PLANNED);
    assert.notDeepEqual(analyzed, before, '…so it is opened again');
    main.exec('ANALYZE sqlite_schema');
    assert.deepEqual(mainPlan(), analyzed, 'the storing connection plans the same once told to read them again');
    await assert.rejects(reader.statistics('t; DROP TABLE t'), /Not a table name/);
  });

  it('stops its thread when idle and starts one for the next query; once closed it refuses', async () => {
    const { reader } = fixture(10_000, 50);
    assert.equal(reader.threads, 0, 'started on first use');
    assert.deepEqual(await reader.column(query('SELECT 1 AS one'), 'one'), [1]);
    assert.equal(reader.threads, 1);
    assert.ok(await until(() => !reader.threads, 5_000), 'stopped when idle');
    assert.deepEqual(await reader.column(query('SELECT 2 AS two'), 'two'), [2]);

    const refused = assert.rejects(reader.rows(RUNAWAY), /The storage is closed/);
    await reader.close();
    await refused;
    await assert.rejects(reader.rows(query('SELECT 1')), /The storage is closed/);
    assert.equal(reader.threads, 0);
  });
});
