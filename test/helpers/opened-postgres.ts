import { tmpdir } from 'node:os';
import { after, before } from 'node:test';
import pg from 'pg';
import { openDatabase, type OpenDatabase, type DatabaseOptions } from '../../src/storage/database.js';
import { createPostgresDatabase } from './server.js';

/** A database opened as the service opens it, and a plain client of the same database beside it. */
export interface OpenedPostgres {
  opened: OpenDatabase;
  client: pg.Client;
}

/**
 * For the tests of the `describe` it is called in: a fresh PostgreSQL database, opened through
 * openDatabase with `options`, and a client of its own connected to it; all dropped after them.
 * The fields are set once the `before` hook has run.
 */
export function openedPostgres(options: DatabaseOptions): OpenedPostgres {
  const handle: Partial<OpenedPostgres> = {};
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  before(async () => {
    database = await createPostgresDatabase();
    handle.opened = await openDatabase(database.url, tmpdir(), options);
    handle.client = new pg.Client({ connectionString: database.url });
    await handle.client.connect();
  });
  after(async () => {
    await handle.client?.end();
    await handle.opened?.close();
    await database?.drop();
  });
  return {
    get opened() {
      if (!handle.opened) throw new Error('openedPostgres: used before its before hook ran');
      return handle.opened;
    },
    get client() {
      if (!handle.client) throw new Error('openedPostgres: used before its before hook ran');
      return handle.client;
    },
  };
}
