import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import { sortIndexStatement } from './sort-index.js';

/**
 * Customers' booking requests (SPEC 9), and the interval index of availability (SPEC 8).
 *
 * `bookings` keeps each booking as a JSON document plus the columns `where`, `sort`, access
 * filters and the expiry job read. Bookings outlive their product (no foreign key): the owner
 * and the customer still read what was asked and answered.
 *
 * Each reservation gets `block_start`/`block_end`: the interval a new rental of its product
 * may not overlap, the reservation widened on each side by the product's two buffers
 * (domain/rental/intervals.ts: blockedBy). The availability filter asks which products have
 * a block overlapping an interval: SQLite answers from an R*Tree over the blocks (its
 * coordinates are 32-bit floats, rounded outwards, so the exact bounds ride along as
 * auxiliary columns and are compared too); PostgreSQL from a GiST index over their ranges.
 * On SQLite the table is rebuilt with an integer key the R*Tree can point at, since VACUUM
 * may renumber a table's implicit rowids.
 */
export function bookingsMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const text = pg ? 'text COLLATE "C"' : 'text';
  const bigint = pg ? 'bigint' : 'integer';
  const bookings = [
    `CREATE TABLE bookings (
      id ${text} PRIMARY KEY,
      product_id ${text} NOT NULL,
      owner_id ${text},
      status ${text} NOT NULL,
      from_at ${text} NOT NULL,
      to_at ${text} NOT NULL,
      starts_at ${bigint} NOT NULL,
      ends_at ${bigint} NOT NULL,
      customer_email ${text} NOT NULL,
      token_hash ${text} NOT NULL,
      expires_at ${bigint},
      created_at ${text} NOT NULL,
      updated_at ${text} NOT NULL,
      version integer NOT NULL DEFAULT 1,
      doc ${text} NOT NULL
    )`,
    sortIndexStatement(dialect, 'bookings_owner_created', 'bookings', ['owner_id', 'created_at', 'id']),
    sortIndexStatement(dialect, 'bookings_created', 'bookings', ['created_at', 'id']),
    `CREATE INDEX bookings_product_status ON bookings (product_id, status)`,
    // The expiry job's one question: which open requests have run out.
    `CREATE INDEX bookings_open_expiry ON bookings (expires_at) WHERE status = 'requested'`,
  ];
  const blocks = pg
    ? [
        `ALTER TABLE reservations ADD COLUMN block_start bigint, ADD COLUMN block_end bigint`,
        `UPDATE reservations SET block_start = starts_at, block_end = ends_at`,
        `ALTER TABLE reservations ALTER COLUMN block_start SET NOT NULL, ALTER COLUMN block_end SET NOT NULL`,
        `DROP INDEX reservations_interval`,
        `DROP INDEX reservations_length`,
        `CREATE INDEX reservations_blocks ON reservations USING gist (int8range(block_start, block_end))`,
      ]
    : [
        `CREATE TABLE reservations_keyed (
          seq integer PRIMARY KEY,
          product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
          id text NOT NULL,
          starts_at integer NOT NULL,
          ends_at integer NOT NULL,
          block_start integer NOT NULL,
          block_end integer NOT NULL,
          UNIQUE (product_id, id)
        )`,
        `INSERT INTO reservations_keyed (product_id, id, starts_at, ends_at, block_start, block_end)
         SELECT product_id, id, starts_at, ends_at, starts_at, ends_at FROM reservations ORDER BY product_id, id`,
        `DROP TABLE reservations`,
        `ALTER TABLE reservations_keyed RENAME TO reservations`,
        `CREATE INDEX reservations_product_interval ON reservations (product_id, starts_at, ends_at)`,
        `CREATE VIRTUAL TABLE reservation_blocks USING rtree(seq, lo, hi, +product_id, +block_start, +block_end)`,
        `INSERT INTO reservation_blocks SELECT seq, block_start, block_end, product_id, block_start, block_end FROM reservations`,
        `CREATE TRIGGER reservation_blocks_insert AFTER INSERT ON reservations BEGIN
           INSERT INTO reservation_blocks VALUES (new.seq, new.block_start, new.block_end, new.product_id, new.block_start, new.block_end);
         END`,
        `CREATE TRIGGER reservation_blocks_delete AFTER DELETE ON reservations BEGIN
           DELETE FROM reservation_blocks WHERE seq = old.seq;
         END`,
        `CREATE TRIGGER reservation_blocks_update AFTER UPDATE ON reservations BEGIN
           DELETE FROM reservation_blocks WHERE seq = old.seq;
           INSERT INTO reservation_blocks VALUES (new.seq, new.block_start, new.block_end, new.product_id, new.block_start, new.block_end);
         END`,
      ];
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of [...bookings, ...blocks]) await sql.raw(statement).execute(db);
    },
  };
}
