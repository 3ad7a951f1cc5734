import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

const BATCH = 1000;

/** `\uXXXX` of a character beyond ASCII, which documents were stored with. */
const ESCAPED = /\\u(?:0[0-9a-f][89a-f][0-9a-f]|0[1-9a-f][0-9a-f]{2}|[1-9a-f][0-9a-f]{3})/i;

/**
 * Product documents were stored as the ASCII JSON responses were then written in (every
 * character beyond ASCII a `\uXXXX` escape). Responses are UTF-8 JSON now, made from the
 * stored text, so each document is written again as JSON.stringify writes it: the same
 * value, its characters as themselves. Escapes JSON requires (quotes, control characters,
 * lone surrogates) stay.
 */
export function utf8DocumentsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (let after = ''; ; ) {
        const { rows } = await sql<{ id: string; doc: string }>`SELECT id, doc FROM products WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
        const last = rows.at(-1);
        if (!last) break;
        for (const { id, doc } of rows) {
          if (!ESCAPED.test(doc)) continue;
          const written = JSON.stringify(JSON.parse(doc));
          if (written !== doc) await sql`UPDATE products SET doc = ${written} WHERE id = ${id}`.execute(db);
        }
        after = last.id;
      }
    },
  };
}
