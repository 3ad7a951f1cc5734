import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { productFields } from '../../src/domain/product-fields.js';
import type { FieldDef, WhereNode } from '../../src/domain/where/types.js';
import { RankedList, splitRange, type Bound } from '../../src/read-model/products/range-lists.js';

const field = (path: string): FieldDef => productFields.get(path) as FieldDef;
const price = field('additional.price');
const location = field('basic.location');
const compare = (target: FieldDef, op: Bound['op'] | 'equals', value: number | string | null): WhereNode => ({ kind: 'compare', field: target, op, value });

const boundArb = fc.record({
  op: fc.constantFrom<Bound['op']>('greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'),
  value: fc.integer({ min: -2, max: 22 }).map((n) => n / 2),
});

const holds = ({ op, value }: Bound, candidate: number): boolean =>
  op === 'greater_than' ? candidate > value : op === 'greater_than_equal' ? candidate >= value : op === 'less_than' ? candidate < value : candidate <= value;

describe('a list bounded on the number it is sorted by', () => {
  it('is the run of the unbounded list that filtering would keep, in either order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }).map((n) => n / 2), { maxLength: 200 }), fc.array(boundArb, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.nat(220), fc.nat(30), (raw, bounds, descending, start, count) => {
        const entries = raw.map((value, index) => ({ id: `p${String(index).padStart(3, '0')}`, value }));
        entries.sort((a, b) => (a.value - b.value || a.id.localeCompare(b.id)) * (descending ? -1 : 1));
        const list = new RankedList(entries.map((entry) => entry.id), Float64Array.from(entries, (entry) => entry.value), descending);
        const kept = entries.filter((entry) => bounds.every((bound) => holds(bound, entry.value))).map((entry) => entry.id);
        const run = list.within(bounds);
        assert.equal(run.length, kept.length);
        assert.deepEqual(run.slice(start, start + count), kept.slice(start, start + count));
      }),
      { numRuns: 3000 },
    );
  });

  it('splits the bounds on the first sort field off the rest of the filter', () => {
    const where: WhereNode = { kind: 'and', children: [compare(location, 'equals', 'Brno'), compare(price, 'less_than', 500), compare(price, 'greater_than_equal', 100)] };
    const split = splitRange(where, [{ field: price, descending: false }]);
    assert.deepEqual(split?.rest, compare(location, 'equals', 'Brno'));
    assert.deepEqual(split?.bounds, [{ op: 'less_than', value: 500 }, { op: 'greater_than_equal', value: 100 }]);
    assert.equal(splitRange(compare(price, 'less_than', 5), [{ field: price, descending: true }])?.rest, undefined);
  });

  it('leaves every other query alone', () => {
    const sortByPrice = [{ field: price, descending: false }];
    assert.equal(splitRange(compare(price, 'less_than', 5), [{ field: field('createdAt'), descending: false }]), undefined, 'sorted by another field');
    assert.equal(splitRange(compare(price, 'equals', 5), sortByPrice), undefined, 'not a range');
    assert.equal(splitRange(compare(price, 'less_than', null), sortByPrice), undefined, 'null bound');
    assert.equal(splitRange({ kind: 'or', children: [compare(price, 'less_than', 5), compare(location, 'equals', 'Brno')] }, sortByPrice), undefined, 'a bound under OR');
    assert.equal(splitRange(compare(location, 'greater_than', 'B'), [{ field: location, descending: false }]), undefined, 'a text field');
    assert.equal(splitRange(undefined, sortByPrice), undefined);
  });
});
