import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * The file names of deleted media (and of their sizes), never given out again: their files
 * were served as immutable for a year, so a new upload under an old name would be shown as
 * the old image by every cache that kept it.
 */
export function retiredMediaFilenamesMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql.raw(`CREATE TABLE retired_media_filenames (filename text PRIMARY KEY)`).execute(db);
    },
  };
}
