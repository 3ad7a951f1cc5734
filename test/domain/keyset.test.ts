import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { after, keysUntilUnique } from '../../src/domain/where/keyset.js';
import { matches, type ColumnValues } from '../../src/domain/where/matches.js';
import type { FieldDef, SortKey } from '../../src/domain/where/types.js';

const field = (path: string, type: FieldDef['type']): FieldDef => ({ path, column: path, type, sortable: true });
const FIELDS = { price: field('price', 'number'), name: field('name', 'string'), id: field('id', 'string') };

/** SQL's order as where-sql.ts writes it: NULLs first ascending, last descending, then the next key. */
function compareRows(sort: SortKey[]) {
  return (a: ColumnValues, b: ColumnValues): number => {
    for (const { field: { column }, descending } of sort) {
      const [x, y] = [a[column] ?? null, b[column] ?? null];
      if (x === y) continue;
      const order = x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      return descending ? -order : order;
    }
    return 0;
  };
}

const rowsArbitrary = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[a-z0-9]{1,4}$/),
    price: fc.option(fc.constantFrom(0, 0.5, 5, 10, 99.99), { nil: null }),
    name: fc.option(fc.constantFrom('Vrtačka', 'vrtacka', 'Pila', 'a', 'b'), { nil: null }),
  }),
  { selector: (row) => row.id, minLength: 1, maxLength: 40 },
);

const sortArbitrary = fc
  .tuple(fc.subarray(['price', 'name'] as const), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }))
  .map(([paths, descending]): SortKey[] => [...paths.map((path, index) => ({ field: FIELDS[path], descending: descending[index] ?? false })), { field: FIELDS.id, descending: descending[2] ?? false }]);

describe('keyset paging', () => {
  it('selects exactly the rows after a row, in any order with NULLs and ties', () => {
    fc.assert(
      fc.property(rowsArbitrary, sortArbitrary, fc.boolean(), (rows, sort, priceNeverNull) => {
        const data = priceNeverNull ? rows.map((row) => ({ ...row, price: row.price ?? 1 })) : rows;
        const ordered = [...data].sort(compareRows(sort));
        ordered.forEach((row, index) => {
          const node = after(sort, sort.map(({ field: { column } }) => row[column as keyof typeof row] ?? null), (f) => priceNeverNull && f.path === 'price');
          const following = ordered.filter((candidate) => matches(node, candidate));
          assert.deepEqual(following, ordered.slice(index + 1));
        });
      }),
      { numRuns: 400 },
    );
  });

  it('ignores keys after the unique one', () => {
    const sort: SortKey[] = [{ field: FIELDS.id, descending: false }, { field: FIELDS.name, descending: true }];
    assert.deepEqual(keysUntilUnique(sort), [sort[0]]);
  });
});
