import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { notModified, preconditionFailed, wantedRange, type Validators } from '../../src/storage/http-conditionals.js';

/** The decisions an object store's file is served by (RFC 9110 13 and 14); the API tests check them through HTTP. */
describe('conditional and range requests for a stored object', () => {
  const object: Validators = { etag: '"abc"', lastModified: new Date('2026-05-01T10:00:00.500Z'), size: 100 };
  const at = (iso: string) => new Date(iso).toUTCString();

  it('is not modified when If-None-Match lists its tag (weak comparison) or says *, and If-Modified-Since only without it', () => {
    for (const header of ['"abc"', 'W/"abc"', '"x", "abc"', '"x",W/"abc"', '*', ' * ']) assert.equal(notModified({ 'if-none-match': header }, object), true, header);
    for (const header of ['"abcd"', 'abc', '"x"', '']) assert.equal(notModified({ 'if-none-match': header }, object), false, header);
    assert.equal(notModified({ 'if-modified-since': at('2026-05-01T10:00:00Z') }, object), true, 'the same second');
    assert.equal(notModified({ 'if-modified-since': at('2026-05-01T09:59:59Z') }, object), false);
    assert.equal(notModified({ 'if-modified-since': 'not a date' }, object), false);
    assert.equal(notModified({ 'if-none-match': '"x"', 'if-modified-since': at('2027-01-01') }, object), false, 'If-None-Match wins');
    assert.equal(notModified({ 'if-none-match': '"abc"', 'cache-control': 'no-cache' }, object), true, 'whatever Cache-Control says');
  });

  it('fails a precondition when If-Match does not list its tag (strong comparison) or it changed after If-Unmodified-Since', () => {
    assert.equal(preconditionFailed({}, object), false);
    for (const header of ['"abc"', '"x", "abc"', '*']) assert.equal(preconditionFailed({ 'if-match': header }, object), false, header);
    for (const header of ['W/"abc"', '"x"']) assert.equal(preconditionFailed({ 'if-match': header }, object), true, header);
    assert.equal(preconditionFailed({ 'if-unmodified-since': at('2026-05-01T10:00:00Z') }, object), false);
    assert.equal(preconditionFailed({ 'if-unmodified-since': at('2026-05-01T09:00:00Z') }, object), true);
  });

  it('serves one satisfiable range, the whole object for several, malformed or stale ones, and none past its end', () => {
    assert.deepEqual(wantedRange({}, object), { kind: 'whole' });
    assert.deepEqual(wantedRange({ range: 'bytes=0-9' }, object), { kind: 'part', start: 0, end: 9 });
    assert.deepEqual(wantedRange({ range: 'bytes=-5' }, object), { kind: 'part', start: 95, end: 99 });
    assert.deepEqual(wantedRange({ range: 'bytes=90-' }, object), { kind: 'part', start: 90, end: 99 });
    assert.deepEqual(wantedRange({ range: 'bytes=90-500' }, object), { kind: 'part', start: 90, end: 99 });
    assert.deepEqual(wantedRange({ range: 'bytes=0-4,3-9' }, object), { kind: 'part', start: 0, end: 9 }, 'overlapping ranges combine');
    assert.deepEqual(wantedRange({ range: 'bytes=0-1,5-6' }, object), { kind: 'whole' });
    assert.deepEqual(wantedRange({ range: 'lines=0-1' }, object), { kind: 'whole' });
    assert.deepEqual(wantedRange({ range: 'bytes=x-y' }, object), { kind: 'whole' });
    assert.deepEqual(wantedRange({ range: 'bytes=100-' }, object), { kind: 'unsatisfiable' });
    assert.deepEqual(wantedRange({ range: 'bytes=0-9', 'if-range': '"abc"' }, object), { kind: 'part', start: 0, end: 9 });
    assert.deepEqual(wantedRange({ range: 'bytes=0-9', 'if-range': at('2026-05-01T10:00:00Z') }, object), { kind: 'part', start: 0, end: 9 });
    for (const stale of ['"old"', 'W/"abc"', at('2026-04-01')]) assert.deepEqual(wantedRange({ range: 'bytes=0-9', 'if-range': stale }, object), { kind: 'whole' }, stale);
  });
});
