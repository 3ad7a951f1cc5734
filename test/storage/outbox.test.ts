import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { migrate, openDatabase, type OpenDatabase } from '../../src/storage/database.js';
import { Outbox, type NewEvent } from '../../src/storage/outbox.js';
import { createPostgresDatabase, dialects } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const event = (n: number): NewEvent => ({ type: 'product.updated', data: JSON.stringify({ n }), owner: 'owner-1', public: true });

for (const dialect of dialects) {
  describe(`outbox (${dialect})`, () => {
    let dataDir: string;
    let drop = async () => {};
    let database: OpenDatabase;
    let other: OpenDatabase | undefined;
    let outbox: Outbox;
    let wakes = 0;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'rental-outbox-'));
      let url = `file:${dataDir}/rental.db`;
      if (dialect === 'postgres') ({ url, drop } = await createPostgresDatabase());
      database = await openDatabase(url, dataDir);
      await migrate(database);
      outbox = new Outbox(database.db, database.reader, database.dialect);
      database.onCommitted?.(() => outbox.committed());
      if (dialect === 'postgres') {
        await outbox.listen(url, 5_000);
        other = await openDatabase(url, dataDir);
      }
      outbox.onAppended(() => wakes++);
    });
    after(async () => {
      await outbox.close();
      await other?.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a transaction that rolls back leaves no event; one that commits leaves its own, and wakes the readers', async () => {
      const head = await outbox.head();
      await assert.rejects(
        database.db.transaction().execute(async (trx) => {
          await outbox.append(trx, [event(1)]);
          throw new Error('the change failed after its event');
        }),
        /the change failed/,
      );
      assert.equal(await outbox.head(), head);
      assert.deepEqual(await outbox.after(head, 10), []);
      const wakesBefore = wakes;
      await database.db.transaction().execute((trx) => outbox.append(trx, [event(2), event(3)]));
      const written = await outbox.after(head, 10);
      assert.deepEqual(written.map((row) => JSON.parse(row.data)), [{ n: 2 }, { n: 3 }]);
      assert.ok(written.every((row) => row.id > head && row.owner_id === 'owner-1' && row.public === 1 && row.type === 'product.updated'));
      assert.ok((written[1]?.id ?? 0) > (written[0]?.id ?? 0));
      assert.ok(await until(() => wakes > wakesBefore, 3_000), 'the commit woke the readers');
    });

    it('ids follow commit order across concurrent transactions, so paging by id skips nothing', { skip: dialect !== 'postgres' && 'SQLite commits one writer at a time' }, async () => {
      const second = other as OpenDatabase;
      const head = await outbox.head();
      // The first transaction draws its id and holds on; the second, drawing after it, must wait for that commit.
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      let firstAppended = false;
      let released = false;
      let secondDrewAfterRelease: boolean | undefined;
      const first = database.db.transaction().execute(async (trx) => {
        await outbox.append(trx, [event(10)]);
        firstAppended = true;
        await held;
      });
      // The second starts once the first has drawn its id (on a loaded machine, that can take a while).
      assert.ok(await until(() => firstAppended, 5_000), 'the first transaction appended');
      const secondWrite = second.db.transaction().execute(async (trx) => {
        await outbox.append(trx, [event(11)]);
        // Not the first's own promise: the second's answer can be read off its socket before the first's COMMIT answer.
        secondDrewAfterRelease = released;
      });
      await new Promise((done) => setTimeout(done, 200));
      assert.equal(secondDrewAfterRelease, undefined, 'the second transaction waits for the first commit to draw its id');
      released = true;
      release();
      await Promise.all([first, secondWrite]);
      assert.equal(secondDrewAfterRelease, true);
      const rows = await outbox.after(head, 10);
      assert.deepEqual(rows.map((row) => JSON.parse(row.data).n), [10, 11]);

      // Many writers that linger after their append, and a reader paging by id meanwhile: it sees every event, in order, once.
      const start = await outbox.head();
      const seen: number[] = [];
      let writing = true;
      const reader = (async () => {
        let cursor = start;
        while (writing || (await outbox.head()) > cursor) {
          for (const row of await outbox.after(cursor, 100)) {
            seen.push(row.id);
            cursor = row.id;
          }
          await new Promise((done) => setImmediate(done));
        }
      })();
      const writers = Array.from({ length: 40 }, (_, n) =>
        (n % 2 ? second : database).db.transaction().execute(async (trx) => {
          await outbox.append(trx, [event(100 + n)]);
          await new Promise((done) => setTimeout(done, Math.random() * 5));
        }),
      );
      await Promise.all(writers);
      writing = false;
      await reader;
      const all = (await outbox.after(start, 1000)).map((row) => row.id);
      assert.equal(all.length, 40);
      assert.deepEqual(seen, all, 'the reader saw every committed id, in order, none twice');
    });

    it('prunes old events below a position, and remembers how far', async () => {
      const head = await outbox.head();
      const future = new Date(Date.now() + 60_000).toISOString();
      const deleted = await outbox.prune(future, head);
      assert.ok(deleted > 0);
      const pruned = await outbox.prunedThrough();
      assert.ok(pruned > 0 && pruned < head, `pruned through ${pruned}, head ${head}`);
      const left = await outbox.after(0, 1000);
      assert.deepEqual(left.map((row) => row.id), [head], 'the event at the kept position stays');
      await database.db.transaction().execute((trx) => outbox.append(trx, [event(99)]));
      assert.ok((await outbox.head()) > head, 'ids go on growing after a prune');
    });
  });
}
