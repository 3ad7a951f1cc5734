import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import qs from 'qs';
import { parseQuery, QS_OPTIONS } from '../../src/http/parse-query.js';
import { liveHeap, slicedFromLongUrl } from '../helpers/heap.js';

const token = fc.stringMatching(/^[\w.~:,[\]%+=-]{0,8}$/);
const names = fc.constantFrom('depth', 'limit', 'page', 'sort', 'q', 'a.b', '__proto__', 'toString', 'constructor', 'where[x][equals]', '');

/** The text as qs would decode its keys, for telling which texts name `__proto__`. */
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** An object without a prototype, as the parsed query's objects are. */
const plain = (value: Record<string, unknown>) => Object.assign(Object.create(null) as Record<string, unknown>, value);

describe('query string parsing', () => {
  it('gives the same result as qs for any query string, plain or not', () => {
    const pair = fc.tuple(fc.oneof(names, token), fc.option(token)).map(([name, value]) => (value === null ? name : `${name}=${value}`));
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 40 }), (pairs) => {
        const text = pairs.join('&');
        fc.pre(!decodeURIComponentSafe(text).includes('__proto__'));
        assert.deepEqual(parseQuery(text), qs.parse(text, QS_OPTIONS), text);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes plain strings as they are and repeated names as arrays', () => {
    assert.deepEqual(parseQuery('depth=1&limit=20&sort=-createdAt'), plain({ depth: '1', limit: '20', sort: '-createdAt' }));
    assert.deepEqual(parseQuery('a=1&a=2'), plain({ a: ['1', '2'] }));
    assert.deepEqual(parseQuery('where[basic.location][equals]=Brno'), plain({ where: plain({ 'basic.location': plain({ equals: 'Brno' }) }) }));
  });

  it('keeps the names of Object.prototype and `__proto__` as keys of objects without a prototype', () => {
    assert.deepEqual(parseQuery('hasOwnProperty=1&depth=0'), plain({ hasOwnProperty: '1', depth: '0' }));
    assert.deepEqual(parseQuery('where[constructor][equals]=1'), plain({ where: plain({ constructor: plain({ equals: '1' }) }) }));
    const proto = parseQuery('where[or][0][__proto__][equals]=1&where[%5F%5Fproto%5F%5F][toString]=2');
    const where = proto.where as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(where), null);
    assert.deepEqual(Object.keys(where), ['or', '__proto__']);
    assert.deepEqual(Object.entries(where.__proto__ as object), [['toString', '2']]);
    const [first] = where.or as Record<string, unknown>[];
    assert.deepEqual(Object.keys(first ?? {}), ['__proto__']);
    const polluted = Object.getOwnPropertyNames(Object.prototype).filter((name) => typeof Object.getOwnPropertyDescriptor(Object.prototype, name)?.value === 'string');
    assert.deepEqual(polluted, [], 'Object.prototype gained no value from the query');
    assert.deepEqual(Object.entries(parseQuery('__proto__=1&q=x')), [['__proto__', '1'], ['q', 'x']]);
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

  it('keeps the texts it parsed once as text of their own, not as slices of the URLs they came in', () => {
    const texts = 300;
    const urlBytes = 100_000;
    // Both paths: plain names (values sliced from the text) and brackets (qs).
    const textOf = (index: number) => (index % 2 ? `depth=1&page=${index}` : `where[basic.location][equals]=Brno&page=${index}`);
    const before = liveHeap();
    const parsed = Array.from({ length: texts }, (_, index) => parseQuery(slicedFromLongUrl(textOf(index), urlBytes)));
    const grown = liveHeap() - before;
    assert.equal(parseQuery(textOf(0)), parsed[0], 'a text parsed once is found again');
    assert.equal(parsed[7]?.page, '7');
    // Kept slices would hold texts × urlBytes = 30 MB.
    assert.ok(grown < (texts * urlBytes) / 4, `the heap grew by ${grown} bytes for ${texts} texts`);
  });
});
