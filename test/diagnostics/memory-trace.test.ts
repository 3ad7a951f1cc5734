import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startMemoryTrace } from '../../src/diagnostics/memory-trace.js';

const PARTS = ['brkHeap', 'arenas', 'otherAnonymous', 'files'] as const;
const FIELDS = ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers', 'threads', ...PARTS] as const;
type Sample = Record<(typeof FIELDS)[number], number> & { at: string };

describe('the memory trace (MEMORY_TRACE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'memory-trace-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('appends a line a sample with the heap, the buffers and the resident parts, which add up to the RSS', async () => {
    const file = join(dir, 'trace.ndjson');
    const held = Buffer.alloc(32 * 1024 * 1024, 1);
    const stop = startMemoryTrace(file, 50);
    await sleep(400);
    stop();
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Sample);
    assert.ok(lines.length >= 3, `${lines.length} samples`);
    const last = lines.at(-1) as Sample;
    for (const field of FIELDS) assert.equal(typeof last[field], 'number', field);
    assert.ok(last.heapUsed <= last.heapTotal);
    // The Buffer held is outside V8's heap, among the array buffers.
    assert.ok(last.arrayBuffers >= 32, `${last.arrayBuffers} MB of array buffers`);
    const parts = PARTS.reduce((sum, part) => sum + last[part], 0);
    assert.ok(Math.abs(parts - last.rss) <= 8, `parts ${parts} MB, RSS ${last.rss} MB`);
    // Stopped: no more lines.
    const count = lines.length;
    await sleep(150);
    assert.equal(readFileSync(file, 'utf8').trim().split('\n').length, count);
    held.fill(0);
  });
});
