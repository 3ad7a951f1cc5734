import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writev } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BodyFile, type BodySlot, type KeptBody, type WriteAt } from '../../src/read-model/body-file.js';

const dir = mkdtempSync(join(tmpdir(), 'body-file-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A body whose every byte says which body it is. */
const bodyOf = (index: number, length: number) => Buffer.alloc(length, `{"n":${index}}`);

/** Waits until every queued write has landed. */
async function settled(kept: KeptBody[]): Promise<void> {
  while (kept.some((body) => !Buffer.isBuffer(body) && body.pending)) await new Promise((resolve) => setImmediate(resolve));
}

function readBack(file: BodyFile, body: KeptBody): Buffer | undefined {
  const target = Buffer.alloc(body.length + 8, 0);
  return file.copy(body, target, 8) ? target.subarray(8) : undefined;
}

describe('the body file', () => {
  it('gives back what it keeps, before and after the write lands', async () => {
    const file = BodyFile.open(dir, 1024 * 1024);
    const bytes = bodyOf(1, 3000);
    const slot = file.keep(bytes);
    assert.ok(!Buffer.isBuffer(slot));
    assert.deepEqual(readBack(file, slot), bytes);
    await settled([slot]);
    assert.equal(slot.pending, undefined);
    assert.deepEqual(readBack(file, slot), bytes);
    const sent = file.read(slot);
    assert.deepEqual(sent, bytes);
    // A copy of its own: writing over the ring later cannot change a response on its way out.
    assert.notEqual(sent?.buffer, bytes.buffer);
    file.close();
  });

  it('leaves no file behind, even while open', () => {
    const file = BodyFile.open(dir, 1024 * 1024);
    assert.deepEqual(readdirSync(dir), []);
    file.close();
  });

  it('never gives the bytes of another body: one written over is gone', async () => {
    const file = BodyFile.open(dir, 64 * 1024);
    const originals: Buffer[] = [];
    const kept: KeptBody[] = [];
    // Bodies of varied sizes go round the 64 KB file about thirty times, written while earlier writes are in flight.
    for (let index = 0; index < 1000; index++) {
      const bytes = bodyOf(index, 200 + ((index * 7919) % 3800));
      originals.push(bytes);
      kept.push(file.keep(bytes));
      if (index % 37 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (index % 50 === 0) {
        kept.forEach((body, at) => {
          const back = readBack(file, body);
          if (back) assert.deepEqual(back, originals[at], `body ${at} read while writing`);
        });
      }
    }
    await settled(kept);
    const held = kept.map((body) => file.holds(body));
    assert.equal(held[0], false);
    assert.equal(held[999], true);
    // Held bodies are the newest ones, one run up to the last.
    assert.equal(held.indexOf(true), held.lastIndexOf(false) + 1);
    kept.forEach((body, at) => {
      const back = readBack(file, body);
      assert.equal(back !== undefined, held[at]);
      if (back) assert.deepEqual(back, originals[at], `body ${at}`);
      else assert.equal(file.read(body), undefined);
    });
    file.close();
  });

  it('has one write in flight at a time, so that a slower write never lands over a newer lap', async () => {
    let inFlight = 0;
    let most = 0;
    let writes = 0;
    // The real write, its completion told a random while later, as a busy disk might.
    const slowWrite: WriteAt = (fd, buffers, position, callback) => {
      inFlight++;
      most = Math.max(most, inFlight);
      writes++;
      writev(fd, buffers, position, (error, written) => {
        setTimeout(() => {
          inFlight--;
          callback(error, written);
        }, Math.random() * 2);
      });
    };
    const file = BodyFile.open(dir, 16 * 1024, undefined, slowWrite);
    const originals: Buffer[] = [];
    const kept: KeptBody[] = [];
    for (let index = 0; index < 300; index++) {
      originals.push(bodyOf(index, 500 + ((index * 104729) % 1500)));
      kept.push(file.keep(originals[index] as Buffer));
      if (index % 5 === 0) await new Promise((resolve) => setTimeout(resolve, Math.random()));
    }
    await settled(kept);
    assert.equal(most, 1);
    assert.ok(writes > 10, `${writes} writes`);
    kept.forEach((body, at) => {
      const back = readBack(file, body);
      if (back) assert.deepEqual(back, originals[at], `body ${at}`);
    });
    file.close();
  });

  it('keeps bodies in memory while too many wait for their writes', async () => {
    const file = BodyFile.open(dir, 512 * 1024 * 1024);
    // 20 MB kept in one go: the writes cannot keep up, and past 16 MB waiting the rest stays in memory.
    const originals = Array.from({ length: 5000 }, (_, index) => bodyOf(index, 4096));
    const kept = originals.map((bytes) => file.keep(bytes));
    const inMemory = kept.filter((body) => Buffer.isBuffer(body)).length;
    assert.ok(inMemory >= 900 && inMemory <= 1000, `${inMemory}`);
    await settled(kept);
    kept.forEach((body, at) => assert.deepEqual(readBack(file, body), originals[at], `body ${at}`));
    assert.ok(!Buffer.isBuffer(file.keep(bodyOf(1, 4096))));
    file.close();
  });

  it('keeps often-read bodies in a 16 MB memory ring too, the oldest written over', async () => {
    const file = BodyFile.open(dir, 64 * 1024 * 1024);
    const originals = Array.from({ length: 5000 }, (_, index) => bodyOf(index, 4096));
    const kept: KeptBody[] = [];
    for (const bytes of originals) {
      kept.push(file.keep(bytes));
      if (kept.length % 1000 === 0) await settled(kept);
    }
    await settled(kept);
    for (let round = 0; round < 3; round++) kept.forEach((body, at) => assert.deepEqual(readBack(file, body), originals[at], `body ${at}, round ${round}`));
    const hotWritten = 5000 * 4096;
    const hot = kept.map((body) => !Buffer.isBuffer(body) && body.hotAt >= 0 && body.hotAt + 16 * 1024 * 1024 >= hotWritten);
    assert.equal(hot[0], false);
    assert.equal(hot[4999], true);
    assert.equal(hot.filter(Boolean).length, (16 * 1024 * 1024) / 4096, `${hot.indexOf(true)}`);
    assert.deepEqual(file.read(kept[4999] as KeptBody), originals[4999]);
    kept.forEach((body, at) => assert.deepEqual(readBack(file, body), originals[at], `body ${at} after`));
    file.close();
  });

  it('copies a large body (a list page) into the memory ring once only: written over there, it is read from the file', async () => {
    const file = BodyFile.open(dir, 64 * 1024 * 1024);
    const large = bodyOf(0, 84 * 1024);
    const smalls = Array.from({ length: 4200 }, (_, index) => bodyOf(index + 1, 4096));
    const kept: KeptBody[] = [];
    for (const bytes of [large, ...smalls]) {
      kept.push(file.keep(bytes));
      if (kept.length % 1000 === 0) await settled(kept);
    }
    await settled(kept);
    const [page, ...others] = kept as BodySlot[];
    for (let read = 0; read < 3; read++) assert.deepEqual(readBack(file, page as BodySlot), large);
    const copiedAt = page?.hotAt;
    assert.ok(copiedAt !== undefined && copiedAt >= 0, 'copied at its third read');
    // 4,200 small bodies read three times each fill the 16 MB ring past the page's copy.
    for (let read = 0; read < 3; read++) others.forEach((body, at) => assert.deepEqual(readBack(file, body), smalls[at]));
    for (let read = 0; read < 3; read++) assert.deepEqual(readBack(file, page as BodySlot), large);
    assert.equal(page?.hotAt, copiedAt, 'not copied again');
    file.close();
  });

  it('keeps in memory a body too large for the file, and every body without a file', () => {
    const file = BodyFile.open(dir, 64 * 1024);
    const large = bodyOf(1, 5000);
    assert.equal(file.keep(large), large);
    file.close();
    const memory = BodyFile.inMemory();
    const small = bodyOf(2, 10);
    assert.equal(memory.keep(small), small);
    assert.equal(memory.read(small), small);
  });

  it('once closed keeps bodies in memory, and its written slots are gone', async () => {
    const file = BodyFile.open(dir, 1024 * 1024);
    const slot = file.keep(bodyOf(1, 100));
    await settled([slot]);
    file.close();
    assert.equal(file.holds(slot), false);
    assert.equal(file.read(slot), undefined);
    const bytes = bodyOf(2, 100);
    assert.equal(file.keep(bytes), bytes);
  });
});
