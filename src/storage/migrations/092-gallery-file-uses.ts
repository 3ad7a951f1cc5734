import { sql, type Kysely, type Migration } from 'kysely';
import { galleryReferences } from '../../domain/product-validation.js';
import type { ImageObject } from '../../domain/product-schema.js';
import type { Dialect } from '../schema.js';

/**
 * The stored files that galleries use through an image object's `url`
 * (`/api/rentMedia/file/<filename>`), recorded as `file:<filename>` beside the media ids a
 * product uses (see galleryReferences), so that deleting that media is a 409 (SPEC 5). Product
 * writes record them from now on; this records those of the galleries already stored. The
 * documents that name such a url are found by their text and read in JavaScript: PostgreSQL's
 * JSON types refuse what JSON.stringify may have stored (a lone surrogate escape).
 */
export function galleryFileUsesMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // A thousand at a time, by id: a large catalogue's documents are not all held at once.
      for (let after = ''; ; ) {
        const batch = await sql<{ id: string; doc: string }>`SELECT id, doc FROM products
          WHERE id > ${after} AND doc LIKE ${'%/api/rentMedia/file/%'} ORDER BY id LIMIT 1000`.execute(db);
        const last = batch.rows.at(-1);
        if (!last) break;
        after = last.id;
        for (const row of batch.rows) await recordUses(db, row);
      }
    },
  };
}

async function recordUses(db: Kysely<unknown>, row: { id: string; doc: string }): Promise<void> {
  const images = (JSON.parse(row.doc) as { gallery?: { images?: unknown } }).gallery?.images;
  if (!Array.isArray(images)) return;
  const objects = images.filter((image): image is ImageObject => typeof image === 'object' && image !== null && typeof (image as { url?: unknown }).url === 'string');
  for (const use of galleryReferences(objects).filter((reference) => reference.startsWith('file:'))) {
    await sql`INSERT INTO product_media (product_id, media_id) VALUES (${row.id}, ${use}) ON CONFLICT DO NOTHING`.execute(db);
  }
}
