import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Remembered } from '../../src/domain/remembered.js';

describe('remembered values', () => {
  it('computes a key once, and forgets every key once the bound is reached', () => {
    const computed: number[] = [];
    const squares = new Remembered<number, number>(3);
    const square = (n: number) => {
      computed.push(n);
      return n * n;
    };
    assert.deepEqual([1, 2, 1, 3, 2].map((n) => squares.get(n, square)), [1, 4, 1, 9, 4]);
    assert.deepEqual(computed, [1, 2, 3], 'each key computed once while under the bound');
    assert.equal(squares.get(4, square), 16, 'a fourth key is computed and kept, the others forgotten');
    assert.equal(squares.get(1, square), 1);
    assert.deepEqual(computed, [1, 2, 3, 4, 1]);
    assert.equal(squares.get(4, square), 16);
    assert.deepEqual(computed, [1, 2, 3, 4, 1], 'the key that emptied it is still held');
  });
});
