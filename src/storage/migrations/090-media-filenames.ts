import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Every file name a media upload was given, its sizes' included, kept after the media is
 * deleted: its files were served as immutable for a year, so a new upload under an old name
 * would be shown as the old image by every cache that kept it. An upload claims its names
 * here (the primary key decides between concurrent ones). Filled from the media stored, read
 * in JavaScript: PostgreSQL's JSON types refuse what JSON.stringify may have stored (a lone
 * surrogate escape in an alt text).
 */
export function mediaFilenamesMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql.raw(`CREATE TABLE media_filenames (filename text PRIMARY KEY)`).execute(db);
      const media = await sql<{ filename: string; doc: string }>`SELECT filename, doc FROM rent_media`.execute(db);
      for (const row of media.rows) {
        const { sizes } = JSON.parse(row.doc) as { sizes?: Record<string, { filename?: unknown }> };
        const names = [row.filename, ...Object.values(sizes ?? {}).flatMap((size) => (typeof size.filename === 'string' ? [size.filename] : []))];
        for (const name of new Set(names)) await sql`INSERT INTO media_filenames (filename) VALUES (${name}) ON CONFLICT DO NOTHING`.execute(db);
      }
    },
  };
}
