import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase, type DialectName } from './server.js';

/**
 * Where a test opens a database of its own: a SQLite file in a new temporary folder, or a new
 * database on TEST_POSTGRES_URL's server. What removes them is pushed onto `cleanups`.
 */
export async function freshDatabase(dialect: DialectName, cleanups: (() => Promise<void> | void)[]): Promise<{ url: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rental-db-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { url: `file:${join(dir, 'rental.db')}`, dir };
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return { url: database.url, dir };
}
