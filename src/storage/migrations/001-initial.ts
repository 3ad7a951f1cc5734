import { sql, type Kysely, type Migration } from 'kysely';
import { FOLD_TABLE, LOWER_TABLE } from '../../domain/fold.js';
import type { Dialect } from '../schema.js';
import { sortIndexStatement } from './sort-index.js';

/** PostgreSQL versions of the SQLite functions registered from JavaScript (sqlite-dialect.ts). */
function postgresFunctions(): string[] {
  const translate = (table: ReadonlyMap<string, string>) => [[...table.keys()].join(''), [...table.values()].join('')];
  const [foldFrom, foldTo] = translate(FOLD_TABLE);
  const [lowerFrom, lowerTo] = translate(LOWER_TABLE);
  return [
    `CREATE OR REPLACE FUNCTION rc_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $fn$ SELECT lower(translate($1, '${foldFrom}', '${foldTo}')) $fn$`,
    `CREATE OR REPLACE FUNCTION rc_lower(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $fn$ SELECT lower(translate($1, '${lowerFrom}', '${lowerTo}')) $fn$`,
  ];
}

export function initialMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const real = pg ? 'double precision' : 'real';
  const bigint = pg ? 'bigint' : 'integer';
  const index = (name: string, table: string, columns: string[]) => sortIndexStatement(dialect, name, table, columns);
  // SQLite keeps an integer rowid (`seq`) so the full-text index can point at rows stably.
  const textsKey = pg ? 'product_id text PRIMARY KEY' : 'seq integer PRIMARY KEY, product_id text NOT NULL UNIQUE';
  const statements = [
    `CREATE TABLE rents (
      id text PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      rent_name_system text NOT NULL,
      roles text NOT NULL DEFAULT '[]',
      profile text NOT NULL DEFAULT '{}',
      failed_logins integer NOT NULL DEFAULT 0,
      locked_until ${bigint},
      created_at text NOT NULL,
      updated_at text NOT NULL,
      version integer NOT NULL DEFAULT 1
    )`,
    `CREATE UNIQUE INDEX rents_email_unique ON rents (email)`,
    `CREATE TABLE sessions (
      id text PRIMARY KEY,
      rent_id text NOT NULL REFERENCES rents (id) ON DELETE CASCADE,
      created_at text NOT NULL,
      expires_at ${bigint} NOT NULL,
      revoked_at ${bigint}
    )`,
    `CREATE INDEX sessions_rent ON sessions (rent_id)`,
    `CREATE TABLE products (
      id text PRIMARY KEY,
      owner_id text REFERENCES rents (id),
      slug text NOT NULL,
      published integer NOT NULL DEFAULT 0,
      internal_name text,
      product_name text NOT NULL,
      location text,
      price ${real},
      caution ${real},
      time_unit text,
      selected_term text,
      created_at text NOT NULL,
      updated_at text NOT NULL,
      version integer NOT NULL DEFAULT 1,
      doc text NOT NULL
    )`,
    `CREATE UNIQUE INDEX products_slug_unique ON products (slug)`,
    index('products_created', 'products', ['created_at', 'id']),
    index('products_published_created', 'products', ['published', 'created_at', 'id']),
    index('products_owner_created', 'products', ['owner_id', 'created_at', 'id']),
    index('products_owner_term', 'products', ['owner_id', 'selected_term']),
    // Anonymous readers always filter on `published`, so it leads the indexes lists sort on.
    index('products_published_location_price', 'products', ['published', 'location', 'price', 'id']),
    index('products_location_price', 'products', ['location', 'price', 'id']),
    index('products_published_price', 'products', ['published', 'price', 'id']),
    index('products_price', 'products', ['price', 'id']),
    index('products_name', 'products', ['product_name', 'id']),
    // The long texts live beside the product row, so that reading a product touches one small row.
    `CREATE TABLE product_texts (
      ${textsKey} REFERENCES products (id) ON DELETE CASCADE,
      product_desc text,
      search_text text NOT NULL
    )`,
    `CREATE TABLE reservations (
      product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      id text NOT NULL,
      starts_at ${bigint} NOT NULL,
      ends_at ${bigint} NOT NULL,
      PRIMARY KEY (product_id, id)
    )`,
    `CREATE INDEX reservations_product_interval ON reservations (product_id, starts_at, ends_at)`,
    // Covering: the products reserved in an interval come from the index alone.
    `CREATE INDEX reservations_interval ON reservations (starts_at, ends_at, product_id)`,
    // The longest reservation bounds how far back an overlapping one can start (see availability).
    `CREATE INDEX reservations_length ON reservations ((ends_at - starts_at))`,
    `CREATE TABLE rent_media (
      id text PRIMARY KEY,
      owner_id text REFERENCES rents (id),
      filename text NOT NULL,
      mime_type text NOT NULL,
      filesize integer NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      alt text,
      created_at text NOT NULL,
      updated_at text NOT NULL,
      doc text NOT NULL
    )`,
    `CREATE UNIQUE INDEX rent_media_filename_unique ON rent_media (filename)`,
    index('rent_media_owner_created', 'rent_media', ['owner_id', 'created_at', 'id']),
    index('rent_media_created', 'rent_media', ['created_at', 'id']),
    `CREATE TABLE product_media (
      product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      media_id text NOT NULL,
      PRIMARY KEY (product_id, media_id)
    )`,
    `CREATE INDEX product_media_media ON product_media (media_id)`,
    ...(pg
      ? [
          ...postgresFunctions(),
          `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
          `CREATE INDEX product_texts_search_trgm ON product_texts USING gin (search_text gin_trgm_ops)`,
        ]
      : [
          `CREATE VIRTUAL TABLE products_fts USING fts5(search_text, content='product_texts', content_rowid='seq', tokenize='trigram')`,
          `CREATE TRIGGER products_fts_insert AFTER INSERT ON product_texts BEGIN
             INSERT INTO products_fts (rowid, search_text) VALUES (new.seq, new.search_text);
           END`,
          `CREATE TRIGGER products_fts_delete AFTER DELETE ON product_texts BEGIN
             INSERT INTO products_fts (products_fts, rowid, search_text) VALUES ('delete', old.seq, old.search_text);
           END`,
          `CREATE TRIGGER products_fts_update AFTER UPDATE OF search_text ON product_texts BEGIN
             INSERT INTO products_fts (products_fts, rowid, search_text) VALUES ('delete', old.seq, old.search_text);
             INSERT INTO products_fts (rowid, search_text) VALUES (new.seq, new.search_text);
           END`,
        ]),
  ];
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
