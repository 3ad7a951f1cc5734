import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openedPostgres } from '../helpers/opened-postgres.js';

/**
 * An instance cut off from PostgreSQL in the middle of a transaction leaves it open on the
 * server, holding its row locks. The service's connections ask PostgreSQL to end a transaction
 * left without a statement for DATABASE_TIMEOUT_MS, so that the other instances can write
 * those rows again.
 */
describe('a transaction left idle', { skip: !process.env.TEST_POSTGRES_URL && 'TEST_POSTGRES_URL is not set' }, () => {
  const postgres = openedPostgres({ timeoutMs: 1_000 });

  before(async () => {
    await postgres.client.query('CREATE TABLE locked (id int PRIMARY KEY, v int); INSERT INTO locked VALUES (1, 0)');
  });

  it('is ended by PostgreSQL after DATABASE_TIMEOUT_MS, and its locks are free for the others', async () => {
    const idle = postgres.opened.db.transaction().execute(async (trx) => {
      await sql`SELECT v FROM locked WHERE id = 1 FOR UPDATE`.execute(trx);
      await new Promise((done) => setTimeout(done, 3_000)); // cut off: no statement for 3 s
      await sql`UPDATE locked SET v = 1 WHERE id = 1`.execute(trx);
    });
    const outcome = idle.then(() => 'committed', () => 'ended');
    await new Promise((done) => setTimeout(done, 200));
    // Another instance writes the locked row; it would give up at 2.5 s, before the idle one wakes.
    const other = postgres.client;
    await other.query("SET lock_timeout = '2500ms'");
    await other.query('UPDATE locked SET v = 2 WHERE id = 1');
    assert.equal(await outcome, 'ended');
    assert.equal((await other.query('SELECT v FROM locked WHERE id = 1')).rows[0].v, 2);
  });
});
