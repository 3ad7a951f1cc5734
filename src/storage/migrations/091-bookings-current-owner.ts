import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Bookings follow their product's owner (SPEC 9: the owner sees and answers the bookings of
 * their products); those of products given to another account before that was so are moved
 * to the product's owner now, the column and the document's `owner` alike.
 */
export function bookingsCurrentOwnerMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const owner = `(SELECT p.owner_id FROM products p WHERE p.id = bookings.product_id)`;
      const differs = dialect === 'sqlite' ? 'IS NOT' : 'IS DISTINCT FROM';
      const moved = `EXISTS (SELECT 1 FROM products p WHERE p.id = bookings.product_id AND p.owner_id ${differs} bookings.owner_id)`;
      const doc = dialect === 'sqlite' ? `json_set(doc, '$.owner', ${owner})` : `jsonb_set(doc::jsonb, '{owner}', coalesce(to_jsonb(${owner}), 'null'::jsonb))::text`;
      await sql.raw(`UPDATE bookings SET owner_id = ${owner}, doc = ${doc} WHERE ${moved}`).execute(db);
    },
  };
}
