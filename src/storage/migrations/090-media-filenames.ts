import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Every file name a media upload was given, its sizes' included, kept after the media is
 * deleted: its files were served as immutable for a year, so a new upload under an old name
 * would be shown as the old image by every cache that kept it. An upload claims its names
 * here (the primary key decides between concurrent ones). Filled from the media stored.
 */
export function mediaFilenamesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql.raw(`CREATE TABLE media_filenames (filename text PRIMARY KEY)`).execute(db);
      await sql.raw(`INSERT INTO media_filenames (filename) SELECT filename FROM rent_media`).execute(db);
      const sizes =
        dialect === 'sqlite'
          ? `INSERT OR IGNORE INTO media_filenames (filename)
               SELECT json_extract(size.value, '$.filename') FROM rent_media, json_each(rent_media.doc, '$.sizes') AS size
               WHERE json_extract(size.value, '$.filename') IS NOT NULL`
          : `INSERT INTO media_filenames (filename)
               SELECT size.value ->> 'filename' FROM rent_media, jsonb_each(coalesce(rent_media.doc::jsonb -> 'sizes', '{}'::jsonb)) AS size
               WHERE size.value ->> 'filename' IS NOT NULL
             ON CONFLICT DO NOTHING`;
      await sql.raw(sizes).execute(db);
    },
  };
}
