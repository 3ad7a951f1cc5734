import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrate, openDatabase } from '../../src/storage/database.js';
import { migrationProvider } from '../../src/storage/migrations/index.js';
import { startProcess } from '../helpers/process.js';
import { until } from '../helpers/until.js';

/** The service's migrations followed by `extra`, as a later release would add them. */
function withExtra(extra: Record<string, Migration>): MigrationProvider {
  return {
    async getMigrations() {
      return { ...(await migrationProvider('sqlite').getMigrations()), ...extra };
    },
  };
}

/** A migration that changes the schema and the data, then fails. */
const failingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE half_done (id integer PRIMARY KEY)`.execute(db);
    await sql`DELETE FROM rents`.execute(db);
    await sql`DROP INDEX products_price`.execute(db);
    await sql`SELECT no_such_function()`.execute(db);
  },
};

/** Other processes that have `file` open. */
function processesWithOpen(file: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number)) {
    if (pid === process.pid) continue;
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSafe(`/proc/${pid}/fd/${fd}`) === file)) pids.push(pid);
    } catch {
      // gone, or not ours to look at
    }
  }
  return pids;
}

function readlinkSafe(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/** What `read` finds in the file, through a read-only connection of its own. */
function readOnly<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const tablesAndIndexes = (file: string) =>
  readOnly(file, (db) => ({
    schema: (db.prepare(`SELECT type, name FROM sqlite_master ORDER BY name`).all() as { type: string; name: string }[]).map((row) => `${row.type} ${row.name}`),
    applied: (db.prepare(`SELECT name FROM kysely_migration ORDER BY name`).all() as { name: string }[]).map((row) => row.name),
    rents: (db.prepare(`SELECT count(*) AS n FROM rents`).get() as { n: number }).n,
  }));

describe('SQLite migrations', () => {
  const dirs: string[] = [];
  /** A new SQLite file in a folder of its own, open, nothing migrated yet. */
  const newFile = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    dirs.push(dir);
    const file = join(dir, 'rental.db');
    return { dir, file, database: await openDatabase(`file:${file}`, dir) };
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a migration that fails leaves the schema and the data as they were, and a fixed one then applies', async () => {
    const { file, database } = await newFile();
    try {
      await migrate(database);
      await sql`INSERT INTO rents (id, email, password_hash, rent_name_system, roles, profile, failed_logins, created_at, updated_at, version)
        VALUES ('r1', 'a@example.com', 'x', 'A', '[]', '{}', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 1)`.execute(database.db);
      const before = tablesAndIndexes(file);

      await assert.rejects(migrate(database, withExtra({ '999-later': failingMigration })), /Database migration 999-later failed: .*no_such_function/);
      assert.deepEqual(tablesAndIndexes(file), before);

      const fixed: Migration = { up: (db) => sql`CREATE TABLE half_done (id integer PRIMARY KEY)`.execute(db).then(() => undefined) };
      await migrate(database, withExtra({ '999-later': fixed }));
      const afterFix = tablesAndIndexes(file);
      assert.deepEqual(afterFix.applied, [...before.applied, '999-later']);
      assert.ok(afterFix.schema.includes('table half_done'));
      assert.equal(afterFix.rents, 1);
    } finally {
      await database.close();
    }
  });

  it('an up-to-date file is started on as it is; one a later release migrated is refused', async () => {
    const { file, database } = await newFile();
    try {
      await migrate(database);
      const before = tablesAndIndexes(file);
      await migrate(database);
      assert.deepEqual(tablesAndIndexes(file), before);

      const later: Migration = { up: (db) => sql`CREATE TABLE later_table (id integer PRIMARY KEY)`.execute(db).then(() => undefined) };
      await migrate(database, withExtra({ '999-later': later }));
      // This release's code has every migration the file ran but one: it must not start on it.
      await assert.rejects(migrate(database), /^Error: Could not migrate the database: .*999-later is missing/);
    } finally {
      await database.close();
    }
  });

  it('a database that cannot be reached is named as such, not as a failed migration', async () => {
    const database = await openDatabase('postgres://nobody:secret@127.0.0.1:1/none', tmpdir());
    try {
      await assert.rejects(migrate(database), (error: Error) => {
        assert.match(error.message, /^Could not migrate the database: .*ECONNREFUSED/);
        assert.ok(!error.message.includes('secret'));
        return true;
      });
    } finally {
      await database.close();
    }
  });

  it('a file that is not a SQLite database is named in the error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rental-not-a-db-'));
    try {
      writeFileSync(join(dir, 'rental.db'), 'these bytes are no SQLite database, whatever the name says'.repeat(100));
      await assert.rejects(openDatabase(`file:${dir}/rental.db`, dir), new Error(`Could not open the SQLite database ${join(dir, 'rental.db')}: file is not a database`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the full-text index of a new file merges its segments 16 at a time (003), a level whole only at 64 (070)', async () => {
    const { file, database } = await newFile();
    await migrate(database);
    await database.close();
    const settings = readOnly(file, (db) => db.prepare(`SELECT k, v FROM products_fts_config WHERE k IN ('automerge', 'crisismerge') ORDER BY k`).all() as { k: string; v: number }[]);
    assert.deepEqual(settings, [
      { k: 'automerge', v: 16 },
      { k: 'crisismerge', v: 64 },
    ]);
  });

  it('every pending migration of a new file applies together or not at all', async () => {
    const { file, database } = await newFile();
    try {
      await assert.rejects(migrate(database, withExtra({ '999-later': failingMigration })), /999-later/);
      const tables = readOnly(file, (db) => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely_%'`).all() as { name: string }[]);
      assert.deepEqual(tables, []);
      assert.deepEqual(readOnly(file, (db) => db.prepare(`SELECT name FROM kysely_migration`).all()), []);
    } finally {
      await database.close();
    }
  });

  it('services started at once on one new file all come up: the migrations run once', async () => {
    // Kysely's own tables first (no migration applied), so that starting needs no write before
    // the migrations; then another connection holds the write lock while both services start.
    const { dir, file, database: empty } = await newFile();
    await migrate(empty, { getMigrations: async () => ({}) });
    await empty.close();
    const holder = new Database(file);
    holder.exec('BEGIN IMMEDIATE');
    const env = { DATA_DIR: dir, DATABASE_URL: `file:${file}`, RENTAL_SECRET: 'migration-race-secret-migration-race-secret' };
    const starting = Promise.allSettled([startProcess(env), startProcess(env)]);
    // Once both have the file open they are at the lock within milliseconds. Without one
    // transaction each would have read "nothing applied" by then, and the one that got the
    // lock second would fail on `table rents already exists`.
    assert.ok(await until(() => processesWithOpen(file).length >= 2, 30_000), 'both services open the file');
    await new Promise((done) => setTimeout(done, 500));
    holder.exec('COMMIT');
    holder.close();
    const starts = await starting;
    const services = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    try {
      for (const start of starts) if (start.status === 'rejected') throw start.reason;
      assert.deepEqual(tablesAndIndexes(file).applied, Object.keys(await migrationProvider('sqlite').getMigrations()).sort());
      for (const service of services) assert.equal((await fetch(`${service.url}/ready`)).status, 200);
    } finally {
      for (const service of services) {
        service.child.kill('SIGTERM');
        await service.exited;
      }
    }
  });
});
