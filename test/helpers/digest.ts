import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * A digest of everything a rejected request must leave alone: products with their texts,
 * reservations and media links, bookings, accounts (but not their login-failure counters, which failed
 * logins are meant to change), and media. Read straight from the database, not through the API.
 */
const QUERIES = [
  'SELECT id, doc, version FROM products ORDER BY id',
  'SELECT product_id, product_desc, search_text FROM product_texts ORDER BY product_id',
  'SELECT product_id, id, starts_at, ends_at, block_start, block_end FROM reservations ORDER BY product_id, id',
  'SELECT product_id, media_id FROM product_media ORDER BY product_id, media_id',
  'SELECT id, email, password_hash, rent_name_system, roles, profile, version FROM rents ORDER BY id',
  'SELECT id, doc FROM rent_media ORDER BY id',
  'SELECT id, status, token_hash, expires_at, doc, version FROM bookings ORDER BY id',
];

export async function databaseDigest(databaseUrl: string): Promise<string> {
  const hash = createHash('sha256');
  if (databaseUrl.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const query of QUERIES) hash.update(JSON.stringify((await client.query(query)).rows));
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(databaseUrl.replace(/^file:/, ''), { readonly: true, fileMustExist: true });
    try {
      for (const query of QUERIES) hash.update(JSON.stringify(db.prepare(query).all()));
    } finally {
      db.close();
    }
  }
  return hash.digest('hex');
}
