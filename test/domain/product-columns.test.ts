import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Type } from '@sinclair/typebox';
import { PRODUCT_FIELDS } from '../../src/domain/product-fields.js';
import { PRODUCT_COLUMNS, cellOf, headerColumns, productColumns, rowData, type Cell } from '../../src/domain/product-columns.js';
import { neutraliseCell, restoreCell } from '../../src/domain/spreadsheet-cells.js';
import { checkJsonShape } from '../../src/domain/json-shape.js';
import type { FieldSpec } from '../../src/domain/field-registry.js';

const kinds = Object.fromEntries(PRODUCT_COLUMNS.map((column) => [column.path, column.kind]));

describe('product file columns, from the field registry', () => {
  it('are the registry paths in its order, each read as its schema says', () => {
    assert.deepEqual(PRODUCT_COLUMNS.map((column) => column.path), PRODUCT_FIELDS.map((field) => field.path));
    assert.equal(kinds['basic.product_name'], 'text');
    assert.equal(kinds['additional.price'], 'number');
    assert.equal(kinds['additional.time_unit'], 'text');
    assert.equal(kinds['settings.published'], 'boolean');
    assert.equal(kinds['basic.rent_owner'], 'text-or-json');
    for (const path of ['gallery.images', 'availability.reservationDates', 'additional.price_tiers', 'seo', 'legacy']) assert.equal(kinds[path], 'json', path);
    assert.equal(kinds.createdAt, 'text');
  });

  it('gains a column for a field added to the registry, with no other change', () => {
    const added: FieldSpec = { path: 'additional.deposit_days', input: Type.Integer({ minimum: 0 }) };
    const columns = productColumns([...PRODUCT_FIELDS, added]);
    assert.deepEqual(columns.at(-1), { path: 'additional.deposit_days', kind: 'number' });
    assert.deepEqual(rowData(columns, columns.map((column) => ({ text: column.path === 'additional.deposit_days' ? '3' : '', quoted: false }))).data, { additional: { deposit_days: 3 } });
  });

  it('write a document into cells and read the same document back', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'č', 'Ř', '"', ',', ';', '\n', '\r', ' ', "'", '=', '-', '😀') });
    const doc = fc.record(
      {
        id: fc.stringMatching(/^[a-z0-9]{1,8}$/),
        internal_name: text,
        basic: fc.record({ product_name: text, rent_owner: fc.oneof(fc.stringMatching(/^[a-f0-9]{24}$/), fc.record({ id: fc.stringMatching(/^[a-z]{1,5}$/) })) }, { requiredKeys: ['product_name'] }),
        additional: fc.record({ price: fc.double({ min: 0, max: 1e9, noNaN: true }), price_tiers: fc.array(fc.record({ min_units: fc.integer({ min: 2, max: 50 }), price: fc.double({ min: 0, max: 100, noNaN: true }) })) }),
        settings: fc.record({ published: fc.boolean(), slug: fc.stringMatching(/^[a-z]{1,5}$/) }),
        seo: fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), text),
      },
      { requiredKeys: ['id', 'basic'] },
    );
    fc.assert(
      fc.property(doc, (original) => {
        const cells: Cell[] = PRODUCT_COLUMNS.map((column) => {
          const cell = cellOf(original, column);
          // As the CSV round trip gives them back: neutralised and restored, an empty text quoted.
          return { text: cell === undefined ? '' : restoreCell(neutraliseCell(cell)), quoted: cell !== undefined };
        });
        const read = rowData(PRODUCT_COLUMNS, cells);
        assert.deepEqual(read.errors, []);
        assert.deepEqual(read.data, JSON.parse(JSON.stringify(original)));
      }),
      { numRuns: 300 },
    );
  });

  it('name the field of a cell that cannot be read, and read what a spreadsheet writes', () => {
    const cellsOf = (values: Record<string, string>): Cell[] => PRODUCT_COLUMNS.map((column) => ({ text: values[column.path] ?? '', quoted: false }));
    const bad = rowData(PRODUCT_COLUMNS, cellsOf({ 'basic.product_name': 'Pila', 'additional.price': '12 Kč', 'settings.published': 'ano', seo: '{"a":', legacy: '{"__proto__":{"x":1}}' }), { checkJson: checkJsonShape });
    assert.deepEqual(bad.errors.map((error) => error.field), ['additional.price', 'settings.published', 'seo', 'legacy.__proto__']);
    assert.deepEqual(bad.data, { basic: { product_name: 'Pila' } });
    const czech = rowData(PRODUCT_COLUMNS, cellsOf({ 'additional.price': '12,5', 'additional.caution': ' 1e3 ', 'settings.published': 'TRUE' }), { decimalComma: true });
    assert.deepEqual(czech.data, { additional: { price: 12.5, caution: 1000 }, settings: { published: true } });
    assert.deepEqual(rowData(PRODUCT_COLUMNS, cellsOf({ 'additional.price': '12,5' })).errors.map((error) => error.field), ['additional.price']);
  });

  it('tell an empty text (quoted) from no value (empty)', () => {
    const cells = PRODUCT_COLUMNS.map((column): Cell => ({ text: '', quoted: column.path === 'internal_name' || column.path === 'additional.price' }));
    assert.deepEqual(rowData(PRODUCT_COLUMNS, cells).data, { internal_name: '' });
  });

  it('refuse a header naming an unknown or repeated column, naming it', () => {
    assert.deepEqual(headerColumns(['id', ' basic.product_name ']).errors, []);
    assert.deepEqual(headerColumns(['id', 'basic.description', 'id']).errors.map((error) => error.field), ['basic.description', 'id']);
  });
});

describe('spreadsheet formula neutralising', () => {
  it('prefixes every cell a spreadsheet would evaluate, and the import undoes exactly that', () => {
    for (const [value, cell] of [['=1+1', "'=1+1"], ['+420 777', "'+420 777"], ['-5', "'-5"], ['@SUM(A1)', "'@SUM(A1)"], ['\tx', "'\tx"], ['\rx', "'\rx"], ["'=x", "''=x"], ["it's", "it's"], ["'quoted'", "'quoted'"], ['a=b', 'a=b']]) {
      assert.equal(neutraliseCell(value as string), cell);
      assert.equal(restoreCell(cell as string), value);
    }
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ') }), (value) => {
        const cell = neutraliseCell(value);
        assert.ok(!/^[=+\-@\t\r]/.test(cell), cell);
        assert.equal(restoreCell(cell), value);
      }),
      { numRuns: 2000 },
    );
  });
});
