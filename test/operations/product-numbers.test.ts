import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { NumberList } from '../../src/read-model/products/id-lists.js';
import { ProductNumbers } from '../../src/read-model/products/product-numbers.js';

const idArb = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/);

describe('product numbers', () => {
  it('gives each id one number, by string or from joined text, and the id back', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 300 }), fc.array(idArb, { maxLength: 300 }), (first, second) => {
        const names = new ProductNumbers();
        const byString = first.map((id) => names.numberOf(id));
        const joined = names.numbersOfJoined(second.join(','));
        assert.equal(joined.length, second.length);
        const all = [...first, ...second];
        const numbers = [...byString, ...joined];
        const distinct = new Map<string, number>();
        all.forEach((id, index) => {
          const number = numbers[index] as number;
          assert.equal(distinct.get(id) ?? number, number, `one number for ${id}`);
          distinct.set(id, number);
          assert.equal(names.idOf(number), id);
          assert.equal(names.numberOf(id), number, 'asked again, the same');
        });
        assert.equal(names.size, distinct.size);
        assert.deepEqual(new Set(distinct.values()).size, distinct.size, 'distinct ids, distinct numbers');
      }),
      { numRuns: 300 },
    );
  });

  it('numbers spans of a text as their ids, runs of one id included', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(idArb, fc.integer({ min: 1, max: 4 })), { maxLength: 200 }), fc.array(idArb, { maxLength: 50 }), (runs, known) => {
        const names = new ProductNumbers();
        known.forEach((id) => names.numberOf(id));
        const ids = runs.flatMap(([id, times]) => Array.from({ length: times }, () => id));
        const text = Buffer.from(ids.map((id) => `${id}:1:2`).join(','), 'latin1');
        const starts = new Int32Array(ids.length);
        const ends = new Int32Array(ids.length);
        let at = 0;
        ids.forEach((id, index) => {
          starts[index] = at;
          ends[index] = at + id.length;
          at += id.length + ':1:2,'.length;
        });
        const numbers = names.numbersOfSpans(text, starts, ends);
        assert.deepEqual([...numbers].map((number) => names.idOf(number)), ids);
        ids.forEach((id, index) => assert.equal(names.numberOf(id), numbers[index], `one number for ${id}`));
        assert.equal(names.size, new Set([...known, ...ids]).size);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps them through growth: 100,000 ids', () => {
    const names = new ProductNumbers();
    const ids = Array.from({ length: 100_000 }, (_, i) => `p${i.toString(36)}x${i % 7}`);
    const numbers = names.numbersOfJoined(ids.join(','));
    assert.equal(names.size, ids.length);
    const list = new NumberList(numbers, names);
    assert.deepEqual(list.slice(0, ids.length), ids);
    assert.deepEqual(list.slice(99_990, 100_010), ids.slice(99_990, 100_010));
    assert.equal(names.numberOf('p0x0'), 0);
    assert.equal(names.numbersOfJoined('').length, 0);
  });
});
