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
});
