import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openDatabase, migrate, type OpenDatabase } from '../../src/storage/database.js';
import type { DatabaseSchema } from '../../src/storage/schema.js';
import { FLUSH_SEARCH_INDEX } from '../../src/storage/migrations/002-batched-search-index.js';

/**
 * SQLite group commit, through the real driver on a real file: what a writer is told was
 * written is committed (another connection sees it), a failing write leaves its batch-mates
 * alone, a batch whose COMMIT fails takes back all its writes and tells every writer, and
 * the full-text index applied once per batch agrees with the texts.
 */
describe('SQLite group commit', () => {
  let dir: string;
  let database: OpenDatabase;
  let db: Kysely<DatabaseSchema>;
  let other: Database.Database;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    database = await openDatabase(`file:${join(dir, 'rental.db')}`, dir);
    await migrate(database);
    db = database.db;
    await sql`CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL UNIQUE)`.execute(db);
    other = new Database(join(dir, 'rental.db'), { readonly: true });
  });
  after(async () => {
    other.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committedBodies = () => (other.prepare('SELECT body FROM notes ORDER BY id').all() as { body: string }[]).map((row) => row.body);

  it('acknowledges concurrent writes only once another connection can read them', async () => {
    const writes = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0
        ? sql`INSERT INTO notes (body) VALUES (${`plain-${i}`})`.execute(db).then(() => `plain-${i}`)
        : db.transaction().execute(async (trx) => {
            await sql`INSERT INTO notes (body) VALUES (${`tx-${i}`})`.execute(trx);
            return `tx-${i}`;
          }),
    );
    for (const write of writes) {
      const body = await write;
      assert.ok(committedBodies().includes(body), `${body} acknowledged but not committed`);
    }
  });

  it('rolls back only the failing transaction of a batch', async () => {
    const results = await Promise.allSettled([
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes (body) VALUES ('kept-1')`.execute(trx);
      }),
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes (body) VALUES ('half-done')`.execute(trx);
        await sql`INSERT INTO notes (body) VALUES ('kept-1')`.execute(trx);
      }),
      sql`INSERT INTO notes (body) VALUES ('kept-2')`.execute(db),
    ]);
    assert.deepEqual(results.map((result) => result.status), ['fulfilled', 'rejected', 'fulfilled']);
    const bodies = committedBodies();
    assert.ok(bodies.includes('kept-1') && bodies.includes('kept-2'));
    assert.ok(!bodies.includes('half-done'), 'the failed transaction left a row behind');
  });

  it('runs the fast lane in the batch: answered after COMMIT, a failing write rolled back alone', async () => {
    const now = database.now;
    assert.ok(now, 'SQLite offers the fast lane');
    const insert = 'INSERT INTO notes (body) VALUES (?)';
    const results = await Promise.allSettled([
      now.write((db) => db.run(insert, ['now-1'])),
      now.write((db) => {
        db.run(insert, ['now-half']);
        return db.run(insert, ['now-1']);
      }),
      sql`INSERT INTO notes (body) VALUES ('now-kysely')`.execute(db),
      now.write((db) => db.all<{ body: string }>('SELECT body FROM notes WHERE body LIKE ? ORDER BY body', ['now-%']).map((row) => row.body)),
    ]);
    assert.deepEqual(results.map((result) => result.status), ['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    assert.equal((results[0] as PromiseFulfilledResult<number>).value, 1);
    assert.match(String((results[1] as PromiseRejectedResult).reason), /UNIQUE/);
    // The last write read the batch it joined: the first one's row and the Kysely write's, not the failed one's.
    assert.deepEqual((results[3] as PromiseFulfilledResult<string[]>).value, ['now-1', 'now-kysely']);
    const bodies = committedBodies();
    assert.ok(bodies.includes('now-1') && bodies.includes('now-kysely'), 'acknowledged but not committed');
    assert.ok(!bodies.includes('now-half'), 'the failed write left a row behind');
    assert.deepEqual(await now.read<{ n: number }>("SELECT count(*) AS n FROM notes WHERE body = 'now-1'", []), [{ n: 1 }]);
  });

  it('keeps the journal of a write in memory, however many pages it changes', async () => {
    // SQLite opens temporary files as etilqs_*, unlinked at once: an open descriptor shows them.
    const temporaryFiles = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).includes('etilqs_');
      } catch {
        return false;
      }
    });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i++) await sql`INSERT INTO notes (body) VALUES (${`wide-${i}-${'x'.repeat(2000)}`})`.execute(trx);
    });
    // Rewriting every row in a savepoint journals each page it changes (~400 KB here).
    const during = await db.transaction().execute(async (trx) => {
      await sql`UPDATE notes SET body = body || '!' WHERE body LIKE 'wide-%'`.execute(trx);
      return temporaryFiles();
    });
    assert.deepEqual(during, []);
    assert.equal(committedBodies().filter((body) => body.startsWith('wide-') && body.endsWith('!')).length, 200);
  });

  it('while another process holds the write lock, reads go on and the writes waiting for it commit once it is let go', async () => {
    const locker = new Database(join(dir, 'rental.db'));
    try {
      locker.exec('BEGIN IMMEDIATE');
      let settled = 0;
      const writes = [
        sql`INSERT INTO notes (body) VALUES ('waited-1')`.execute(db),
        db.transaction().execute(async (trx) => {
          await sql`INSERT INTO notes (body) VALUES ('waited-2')`.execute(trx);
          await sql`INSERT INTO notes (body) VALUES ('waited-3')`.execute(trx);
        }),
      ].map((write) => write.finally(() => settled++));
      await new Promise((done) => setTimeout(done, 100));
      const read = await sql<{ total: number }>`SELECT count(*) AS total FROM notes WHERE body LIKE 'waited-%'`.execute(db);
      assert.equal(settled, 0, 'the read was answered only after the waiting writes');
      assert.equal(read.rows[0]?.total, 0);
      locker.exec('ROLLBACK');
      await Promise.all(writes);
    } finally {
      locker.close();
    }
    assert.deepEqual(committedBodies().filter((body) => body.startsWith('waited-')).sort(), ['waited-1', 'waited-2', 'waited-3']);
  });

  it('fails every writer of a batch whose commit fails, and keeps none of its writes', async () => {
    let lost = 0;
    database.onWritesLost?.(() => lost++);
    database.runBeforeCommit?.([`INSERT INTO no_such_table VALUES (1)`]);
    const results = await Promise.allSettled([
      sql`INSERT INTO notes (body) VALUES ('doomed-1')`.execute(db),
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes (body) VALUES ('doomed-2')`.execute(trx);
      }),
    ]);
    assert.deepEqual(results.map((result) => result.status), ['rejected', 'rejected']);
    assert.equal(lost, 1);
    const remaining = (await sql<{ body: string }>`SELECT body FROM notes WHERE body LIKE 'doomed%'`.execute(db)).rows;
    assert.deepEqual(remaining, []);
    assert.ok(!committedBodies().some((body) => body.startsWith('doomed')));
  });
});

describe('full-text index applied once per batch', () => {
  it('matches the texts after concurrent creates, updates and deletes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-commit-fts-'));
    const database = await openDatabase(`file:${join(dir, 'rental.db')}`, dir);
    await migrate(database);
    database.runBeforeCommit?.(FLUSH_SEARCH_INDEX);
    try {
      const { db } = database;
      const now = new Date().toISOString();
      const product = (id: string, text: string) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('products').values({
            id, owner_id: null, slug: id, published: 1, internal_name: null, product_name: id, location: null, price: null,
            caution: null, time_unit: null, selected_term: null, created_at: now, updated_at: now, doc: '{}', version: 1,
          }).execute();
          await trx.insertInto('product_texts').values({ product_id: id, product_desc: text, search_text: text }).execute();
        });
      const retext = (id: string, text: string) => db.updateTable('product_texts').set({ search_text: text }).where('product_id', '=', id).execute();
      await Promise.all(Array.from({ length: 40 }, (_, i) => product(`p${i}`, `drill number ${i}`)));
      await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => retext(`p${i}`, `kayak number ${i}`)),
        ...Array.from({ length: 10 }, (_, i) => db.deleteFrom('products').where('id', '=', `p${10 + i}`).execute()),
        retext('p30', 'kayak again'),
        retext('p30', 'kayak twice'),
      ]);
      const matching = async (word: string) =>
        (await sql<{ product_id: string }>`SELECT t.product_id FROM products_fts f JOIN product_texts t ON t.seq = f.rowid WHERE products_fts MATCH ${word} ORDER BY t.product_id`.execute(db)).rows
          .map((row) => row.product_id);
      assert.deepEqual(await matching('kayak'), ['p0', 'p1', 'p2', 'p3', 'p30', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']);
      assert.equal((await matching('drill')).length, 19);
      assert.deepEqual(await matching('twice'), ['p30']);
      await sql`INSERT INTO products_fts (products_fts) VALUES ('integrity-check')`.execute(db);
      const pending = await sql<{ n: number }>`SELECT count(*) AS n FROM products_fts_pending`.execute(db);
      assert.equal(pending.rows[0]?.n, 0);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
