import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { PRODUCT_FIELDS, productFields } from '../../src/domain/product-fields.js';
import { buildProductDoc } from '../../src/domain/product-document.js';
import { productInputSchema } from '../../src/domain/product-schema.js';
import type { FieldSpec } from '../../src/domain/field-registry.js';
import { toRecord } from '../../src/storage/product-record.js';
import { addFieldColumn } from '../../src/storage/migrations/field-column.js';
import { migrate, openDatabase, type OpenDatabase } from '../../src/storage/database.js';
import { createPostgresDatabase, dialects } from '../helpers/server.js';

const at = '2026-11-21T00:00:00.000Z';

describe('the product field registry', () => {
  it('gives stored documents its declaration order and every group, whatever order the input has', () => {
    const doc = buildProductDoc(
      { legacy: { a: 1 }, additional: { caution: 5, price: 1 }, basic: { location: 'Brno', product_name: 'Vrtačka' }, internal_name: 'SKU' },
      { id: 'p1', slug: 'vrtacka', createdAt: at, updatedAt: at, ownerId: 'owner' },
    );
    assert.deepEqual(Object.keys(doc), ['id', 'internal_name', 'basic', 'additional', 'settings', 'gallery', 'availability', 'legacy', 'createdAt', 'updatedAt']);
    assert.deepEqual(Object.keys(doc.basic), ['product_name', 'location', 'rent_owner']);
    assert.deepEqual(Object.keys(doc.additional), ['price', 'caution']);
    assert.deepEqual(doc.settings, { published: false, slug: 'vrtacka' });
    assert.deepEqual(doc.gallery, { images: [] });
    assert.deepEqual(doc.availability, { reservationDates: [] });
  });

  it('ignores server fields in the input, and sets them', () => {
    const doc = buildProductDoc({ id: 'forged', createdAt: 'then', basic: { product_name: 'X' } } as never, { id: 'real', slug: 'x', createdAt: at, updatedAt: at });
    assert.equal(doc.id, 'real');
    assert.equal(doc.createdAt, at);
    assert.equal(doc.basic.rent_owner, undefined);
  });

  it('derives the where/sort catalogue and the columns of a record from the declarations', () => {
    const withColumns = PRODUCT_FIELDS.filter((field) => 'filter' in field);
    assert.deepEqual([...productFields.keys()], withColumns.map((field) => field.path));
    assert.equal(productFields.get('additional.price')?.column, 'price');
    assert.equal(productFields.get('basic.product_desc')?.sideTable?.table, 'product_texts');
    assert.deepEqual([...productFields.values()].filter((field) => field.sortable).map((field) => field.path), [
      'id', 'internal_name', 'basic.product_name', 'basic.location', 'additional.price', 'additional.caution', 'settings.slug', 'createdAt', 'updatedAt',
    ]);
    const record = toRecord(buildProductDoc({ basic: { product_name: 'X', product_desc: 'D' }, additional: { price: 3 }, settings: { published: true } }, { id: 'r', slug: 's', createdAt: at, updatedAt: at }));
    assert.equal(record.row.price, 3);
    assert.equal(record.row.published, 1);
    assert.equal(record.row.caution, null);
    assert.equal(record.texts.product_desc, 'D');
    assert.equal('product_desc' in record.row, false);
  });

  it('derives the input schema: groups closed to unknown fields, the configured time units', () => {
    const schema = productInputSchema(['day', 'night']) as unknown as { properties: Record<string, { properties?: Record<string, { enum?: string[] }>; additionalProperties?: boolean }>; required: string[] };
    assert.deepEqual(schema.required, ['basic']);
    assert.equal(schema.properties.additional?.additionalProperties, false);
    assert.deepEqual(schema.properties.additional?.properties?.time_unit?.enum, ['day', 'night']);
  });
});

/** A field as a later release would add it: a number, filterable and sortable, with its column. */
const WITH_DEPOSIT: readonly FieldSpec[] = [
  ...PRODUCT_FIELDS,
  { path: 'additional.deposit_days', input: Type.Integer({ minimum: 0 }), column: { name: 'deposit_days', sql: 'integer' }, filter: 'number', sortable: true },
];

for (const dialect of dialects) {
  describe(`a field's column added by addFieldColumn (${dialect})`, () => {
    let database: OpenDatabase;
    let cleanup: () => Promise<void>;

    before(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'field-column-'));
      const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
      database = await openDatabase(postgres?.url ?? `file:${join(dir, 'rental.db')}`, dir);
      await migrate(database);
      cleanup = async () => {
        await postgres?.drop();
        rmSync(dir, { recursive: true, force: true });
      };
    });
    after(async () => {
      await database.close();
      await cleanup();
    });

    it('adds the column, fills it from the stored documents, and indexes it for sorting', async () => {
      const record = (id: string, deposit?: number) => {
        const base = toRecord(buildProductDoc({ basic: { product_name: id } }, { id, slug: id, createdAt: at, updatedAt: at }));
        // A document that already holds the field (stored before it had a column).
        const doc = JSON.parse(base.row.doc) as { additional: Record<string, unknown> };
        if (deposit !== undefined) doc.additional.deposit_days = deposit;
        return { ...base, row: { ...base.row, doc: JSON.stringify(doc) } };
      };
      const { db } = database;
      for (const { row, texts } of [record('with', 3), record('without')]) {
        await db.insertInto('products').values({ ...row, version: 1 }).execute();
        await db.insertInto('product_texts').values({ product_id: row.id, ...texts }).execute();
      }
      await addFieldColumn(dialect, 'additional.deposit_days', WITH_DEPOSIT).up(db);
      const { rows } = await sql<{ id: string; deposit_days: number | null }>`SELECT id, deposit_days FROM products ORDER BY id`.execute(db);
      assert.deepEqual(rows.map((row) => ({ ...row, deposit_days: row.deposit_days === null ? null : Number(row.deposit_days) })), [
        { id: 'with', deposit_days: 3 },
        { id: 'without', deposit_days: null },
      ]);
      const indexes =
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'products'`.execute(db)).rows
          : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'products'`.execute(db)).rows;
      const names = indexes.map((index) => index.name);
      assert.ok(names.includes('products_deposit_days') && names.includes('products_published_deposit_days'), names.join(', '));
    });

    it('refuses a field without a column, or one a stored product could not fill', () => {
      assert.throws(() => addFieldColumn(dialect, 'seo'), /not a product field with a column/);
      const required: readonly FieldSpec[] = [{ path: 'additional.code', input: Type.String(), column: { name: 'code', sql: 'text', notNull: true } }];
      assert.throws(() => addFieldColumn(dialect, 'additional.code', required), /cannot be NOT NULL/);
    });
  });
}
