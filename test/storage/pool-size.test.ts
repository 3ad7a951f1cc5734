import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { openedPostgres } from '../helpers/opened-postgres.js';

/** DATABASE_POOL_SIZE bounds how many connections one process opens to PostgreSQL. */
describe('the PostgreSQL pool size', { skip: !process.env.TEST_POSTGRES_URL && 'TEST_POSTGRES_URL is not set' }, () => {
  const postgres = openedPostgres({ poolSize: 3 });

  it('keeps at most that many connections however many statements wait, and runs them all', async () => {
    const connections = async () => {
      const { rows } = await postgres.client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      return rows[0]?.n ?? 0;
    };
    const statements = Array.from({ length: 9 }, (_, i) => sql<{ i: number }>`SELECT ${i}::int AS i, pg_sleep(0.3)`.execute(postgres.opened.db));
    let most = 0;
    const watching = (async () => {
      for (let i = 0; i < 8; i++) {
        most = Math.max(most, await connections());
        await new Promise((done) => setTimeout(done, 100));
      }
    })();
    const results = await Promise.all(statements);
    await watching;
    assert.deepEqual(results.map((result) => result.rows[0]?.i), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal(most, 3);
  });
});
