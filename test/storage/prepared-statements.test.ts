import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { preparingPool } from '../../src/storage/prepared-statements.js';

describe('PostgreSQL statements prepared by name', { skip: !process.env.TEST_POSTGRES_URL }, () => {
  // One connection, so that every statement runs in the session whose prepared statements are listed.
  let db: Kysely<Record<string, never>>;
  before(() => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_POSTGRES_URL, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool, 2) }) });
  });
  after(() => db.destroy());

  const prepared = async () => (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(db)).rows;
  const value = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(db)).rows[0]?.n;

  it('names the first texts with parameters, runs the rest unnamed, and answers the same either way', async () => {
    assert.equal(await value(sql<{ n: number }>`SELECT ${1}::int + 1 AS n`), 2);
    assert.equal(await value(sql<{ n: number }>`SELECT ${5}::int + 1 AS n`), 6, 'the prepared statement again, with another value');
    assert.equal(await value(sql<{ n: number }>`SELECT count(*)::int + ${0}::int AS n FROM pg_class WHERE relname = ${'pg_class'}`), 1, 'a `*` stays unnamed');
    assert.equal(await value(sql<{ n: number }>`SELECT 7 AS n`), 7, 'no parameters: unnamed');
    assert.equal(await value(sql<{ n: number }>`SELECT ${1}::int + 2 AS n`), 3);
    assert.equal(await value(sql<{ n: number }>`SELECT ${1}::int + 3 AS n`), 4, 'past the limit: unnamed');
    assert.deepEqual(await prepared(), [
      { name: 'rc_1', statement: 'SELECT $1::int + 1 AS n' },
      { name: 'rc_2', statement: 'SELECT $1::int + 2 AS n' },
    ]);
  });

  it('reports a failing prepared statement as the database does, and the connection goes on', async () => {
    await assert.rejects(sql`SELECT ${'not a number'}::int + 1 AS n`.execute(db), /invalid input syntax for type integer/);
    assert.equal(await value(sql<{ n: number }>`SELECT ${41}::int + 1 AS n`), 42);
    assert.equal(await value(sql<{ n: number }>`SELECT ${1}::int + 2 AS n`), 3);
  });

  it('runs a statement unnamed from then on once its result columns changed under it (a migration by another instance)', async () => {
    // A preparing pool of its own (the suite's has named its two texts), and another instance's connection.
    const instance = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: preparingPool(new pg.Pool({ connectionString: process.env.TEST_POSTGRES_URL, max: 1 }), 2) }) });
    const other = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.TEST_POSTGRES_URL, max: 1 }) }) });
    const table = `rc_result_change_${process.pid}`;
    try {
      await sql.raw(`CREATE TABLE ${table} (id int PRIMARY KEY, name text)`).execute(other);
      await sql.raw(`INSERT INTO ${table} VALUES (1, 'a')`).execute(other);
      const name = async () => (await sql<{ name: string }>`SELECT name FROM ${sql.table(table)} WHERE id = ${1}`.execute(instance)).rows[0]?.name;
      assert.equal(await name(), 'a');
      const statements = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(instance);
      assert.deepEqual(statements.rows.map((row) => row.name), ['rc_1'], 'prepared by name');
      await sql.raw(`ALTER TABLE ${table} ALTER COLUMN name TYPE text COLLATE "C"`).execute(other);
      assert.equal(await name(), 'a', 'retried unnamed');
      assert.equal(await name(), 'a', 'and unnamed from then on');
    } finally {
      await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(other);
      await instance.destroy();
      await other.destroy();
    }
  });
});
