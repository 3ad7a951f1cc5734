import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import qs from 'qs';
import { parseQuery } from '../../src/http/parse-query.js';

const QS_OPTIONS = { depth: 24, arrayLimit: 200, parameterLimit: 2000, allowPrototypes: false, allowEmptyArrays: true } as const;
const token = fc.stringMatching(/^[\w.~:,[\]%+=-]{0,8}$/);
const names = fc.constantFrom('depth', 'limit', 'page', 'sort', 'q', 'a.b', '__proto__', 'toString', 'constructor', 'where[x][equals]', '');

describe('query string parsing', () => {
  it('gives the same result as qs for any query string, plain or not', () => {
    const pair = fc.tuple(fc.oneof(names, token), fc.option(token)).map(([name, value]) => (value === null ? name : `${name}=${value}`));
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 40 }), (pairs) => {
        const text = pairs.join('&');
        assert.deepEqual(parseQuery(text), qs.parse(text, QS_OPTIONS), text);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes plain strings as they are and repeated names as arrays', () => {
    assert.deepEqual(parseQuery('depth=1&limit=20&sort=-createdAt'), { depth: '1', limit: '20', sort: '-createdAt' });
    assert.deepEqual(parseQuery('a=1&a=2'), { a: ['1', '2'] });
    assert.deepEqual(parseQuery('hasOwnProperty=1&depth=0'), { depth: '0' });
    assert.deepEqual(parseQuery('where[basic.location][equals]=Brno'), { where: { 'basic.location': { equals: 'Brno' } } });
  });

  it('parses a text once: requests sending it share one frozen result', () => {
    const text = 'where[basic.location][equals]=Brno&where[additional.price][less_than]=500&sort=additional.price';
    const first = parseQuery(text);
    assert.equal(parseQuery(text), first);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first.where) && Object.isFrozen((first.where as Record<string, object>)['basic.location']));
    assert.throws(() => {
      (first as Record<string, unknown>).sort = '-createdAt';
    }, TypeError);
    assert.equal(parseQuery(text).sort, 'additional.price');
  });

  it('parses texts over 1 KB afresh each time, so that they take no room', () => {
    const text = `q=${'a'.repeat(1100)}`;
    const first = parseQuery(text);
    assert.notEqual(parseQuery(text), first);
    assert.deepEqual(parseQuery(text), first);
  });
});
