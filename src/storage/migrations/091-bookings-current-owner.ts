import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Bookings follow their product's owner (SPEC 9: the owner sees and answers the bookings of
 * their products); those of products given to another account before that was so are moved
 * to the product's owner now, the column and the document's `owner` alike. The documents are
 * rewritten here rather than in SQL: PostgreSQL's jsonb refuses what JSON.stringify may have
 * stored (`\u0000`, a lone surrogate escape), and would reorder the keys.
 */
export function bookingsCurrentOwnerMigration(dialect: Dialect): Migration {
  const differs = dialect === 'sqlite' ? 'IS NOT' : 'IS DISTINCT FROM';
  return {
    async up(db: Kysely<unknown>) {
      const moved = await sql<{ id: string; doc: string; owner: string | null }>`
        SELECT bookings.id, bookings.doc, products.owner_id AS owner FROM bookings JOIN products ON products.id = bookings.product_id
        WHERE products.owner_id ${sql.raw(differs)} bookings.owner_id`.execute(db);
      for (const row of moved.rows) {
        const doc = JSON.stringify({ ...(JSON.parse(row.doc) as object), owner: row.owner });
        await sql`UPDATE bookings SET owner_id = ${row.owner}, doc = ${doc} WHERE id = ${row.id}`.execute(db);
      }
    },
  };
}
