import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/** A media document's image object, as a product gallery shows it. */
export interface MediaImage {
  id: string;
  alt: string;
  filename: string;
  mimeType: string;
  url: string;
  width: number;
  height: number;
}

export class MediaRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The image objects of the given ids that exist (in no particular order). */
  async images(ids: string[]): Promise<Map<string, MediaImage>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('rent_media')
      .select(['id', 'alt', 'filename', 'mime_type', 'width', 'height'])
      .where('id', 'in', unique)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          alt: row.alt ?? '',
          filename: row.filename,
          mimeType: row.mime_type,
          url: `/api/rentMedia/file/${encodeURIComponent(row.filename)}`,
          width: row.width,
          height: row.height,
        },
      ]),
    );
  }
}
