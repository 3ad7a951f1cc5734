import { chmod, copyFile, mkdir, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { MediaDoc } from '../domain/media.js';
import { filesOf } from './media/media-documents.js';
import { isPostgresUrl, sqliteFile } from '../storage/database.js';
import { LocalMediaStore, type MediaStore } from '../storage/media-store.js';
import { STORED_FILENAME } from '../domain/media.js';

export interface BackupReport {
  /** The snapshot's path, or null where the database is PostgreSQL's (pg_dump backs it up). */
  database: string | null;
  mediaFiles: number;
  /** Where the media were copied from: the data folder's media folder or the S3 bucket. */
  mediaFrom: string;
  /** Files the snapshot's media documents name that were gone by the time they were copied (deleted meanwhile). */
  missing: string[];
  /** Names in the media storage that the service never gives a file (another program's), not copied. */
  foreign: string[];
  /** Whether the signing secret's file was copied (there is none when RENTAL_SECRET is set). */
  secret: boolean;
}

/** Copies one file, or skips it when it was deleted after the folder was listed; true when copied. */
async function copyIfThere(from: string, to: string): Promise<boolean> {
  try {
    await copyFile(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** The files every media document of a database snapshot names. */
function filesNamedIn(snapshot: string): string[] {
  const db = new Database(snapshot, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT doc FROM rent_media').pluck().all() as string[]).flatMap((doc) => filesOf(JSON.parse(doc) as MediaDoc));
  } finally {
    db.close();
  }
}

/**
 * A copy of an installation that can be restored by placing it in DATA_DIR, taken while the
 * service runs: the SQLite database as one consistent snapshot (`VACUUM INTO` inside one read
 * transaction; writers go on meanwhile), then the media files (from the media folder, or from
 * the S3 bucket into the copy's own media folder) and the signing secret. Media are copied after
 * the snapshot, so every file an upload in the snapshot wrote is there; a file deleted in
 * between is reported in `missing`. The folder must be new or empty.
 */
export async function backupInstallation(options: { databaseUrl: string; dataDir: string; to: string; mediaStore?: MediaStore }): Promise<BackupReport> {
  // Password hashes and the signing secret are in it: a new folder is the owner's alone.
  await mkdir(options.to, { recursive: true, mode: 0o700 });
  if ((await readdir(options.to)).length > 0) throw new Error(`The backup folder ${options.to} is not empty; name a new or empty one.`);

  let database: string | null = null;
  let named: string[] = [];
  if (!isPostgresUrl(options.databaseUrl)) {
    const source = sqliteFile(options.databaseUrl, options.dataDir);
    if (!existsSync(source)) throw new Error(`There is no database at ${source}.`);
    database = join(options.to, 'rental.db');
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      db.prepare('VACUUM INTO ?').run(database);
    } finally {
      db.close();
    }
    named = filesNamedIn(database);
  }

  const media = options.mediaStore ?? (existsSync(join(options.dataDir, 'media')) ? new LocalMediaStore(join(options.dataDir, 'media')) : undefined);
  const mediaTo = join(options.to, 'media');
  await mkdir(mediaTo);
  let mediaFiles = 0;
  const foreign: string[] = [];
  for await (const name of media?.names() ?? []) {
    // A bucket's key becomes a path here: only the names the service gives files.
    if (!STORED_FILENAME.test(name)) foreign.push(name);
    else if (await media?.copyTo(name, join(mediaTo, name))) mediaFiles++;
  }
  const missing = named.filter((name) => !existsSync(join(mediaTo, name)));

  const secret = await copyIfThere(join(options.dataDir, 'secret'), join(options.to, 'secret'));
  if (secret) await chmod(join(options.to, 'secret'), 0o600);
  return { database, mediaFiles, mediaFrom: media?.description ?? 'no media folder', foreign, missing, secret };
}
