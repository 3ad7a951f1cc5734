import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * The stored files that galleries use through an image object's `url`
 * (`/api/rentMedia/file/<filename>`), recorded as `file:<filename>` beside the media ids a
 * product uses (see galleryReferences), so that deleting that media is a 409 (SPEC 5). Product
 * writes record them from now on; this records those of the galleries already stored.
 */
export function galleryFileUsesMigration(dialect: Dialect): Migration {
  const prefix = '/api/rentMedia/file/';
  return {
    async up(db: Kysely<unknown>) {
      const statement =
        dialect === 'sqlite'
          ? `INSERT OR IGNORE INTO product_media (product_id, media_id)
               SELECT products.id, 'file:' || substr(json_extract(image.value, '$.url'), ${prefix.length + 1})
               FROM products, json_each(products.doc, '$.gallery.images') AS image
               WHERE image.type = 'object' AND json_extract(image.value, '$.url') LIKE '${prefix}%'`
          : `INSERT INTO product_media (product_id, media_id)
               SELECT products.id, 'file:' || substr(image ->> 'url', ${prefix.length + 1})
               FROM products, jsonb_array_elements(CASE WHEN jsonb_typeof(products.doc::jsonb #> '{gallery,images}') = 'array' THEN products.doc::jsonb #> '{gallery,images}' ELSE '[]'::jsonb END) AS image
               WHERE jsonb_typeof(image) = 'object' AND image ->> 'url' LIKE '${prefix}%'
             ON CONFLICT DO NOTHING`;
      await sql.raw(statement).execute(db);
    },
  };
}
