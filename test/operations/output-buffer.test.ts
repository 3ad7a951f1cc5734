import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { borrowBuffer, compose, giveBack } from '../../src/operations/output-buffer.js';
import { BodyFile } from '../../src/read-model/body-file.js';

/** Buffers copied as the service copies bodies kept in memory. */
const memory = BodyFile.inMemory();
const copyBuffer = (part: Buffer, target: Buffer, at: number) => memory.copy(part, target, at);

describe('the output buffer', () => {
  it('composes parts one after another', () => {
    const body = compose([Buffer.from('{"a":'), Buffer.from('1'), Buffer.from('}')], copyBuffer);
    assert.equal(body?.toString(), '{"a":1}');
  });

  it('lends a buffer given back to the next borrower, and a new one meanwhile', () => {
    const first = borrowBuffer(1000);
    const meanwhile = borrowBuffer(1000);
    assert.notEqual(meanwhile.buffer, first.buffer);
    giveBack(first.subarray(0, 10));
    assert.equal(borrowBuffer(1000).buffer, first.buffer);
  });

  it('takes back only buffers it lent', () => {
    const pooled = Buffer.from('a small buffer from the shared pool');
    giveBack(pooled);
    assert.notEqual(borrowBuffer(16).buffer, pooled.buffer);
  });

  it('gives the buffer back and answers undefined when a part is no longer at hand', () => {
    const parts = [Buffer.from('abc'), Buffer.from('def')];
    const body = compose(parts, (part, target, at) => part !== parts[1] && copyBuffer(part, target, at));
    assert.equal(body, undefined);
    const next = compose(parts, copyBuffer);
    assert.equal(next?.toString(), 'abcdef');
  });
});
