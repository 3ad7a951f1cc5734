import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { settled } from '../../bench/settle.js';

/** A process that keeps a core busy for `busyMs`, then idles until killed. */
async function busyThenIdle(busyMs: number) {
  const child = spawn(process.execPath, ['-e', `const end = Date.now() + ${busyMs}; while (Date.now() < end); console.log('idle'); setInterval(() => {}, 1000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child, 'spawn');
  return child;
}

describe('waiting for a settled service', () => {
  it('waits while the service keeps a core busy, and returns soon after it idles', async () => {
    const child = await busyThenIdle(1_500);
    try {
      const waited = await settled({ pids: [child.pid as number] });
      // Busy for 1.5 s of wall time from its start: shorter only if starved of CPU, longer by Node's start and two windows.
      assert.ok(waited >= 750 && waited < 6_000, `waited ${waited} ms`);
    } finally {
      child.kill();
    }
  });

  it('gives up at its limit', async () => {
    const child = await busyThenIdle(10_000);
    try {
      const waited = await settled({ pids: [child.pid as number] }, 600);
      assert.ok(waited >= 600 && waited < 3_000, `waited ${waited} ms`);
    } finally {
      child.kill();
    }
  });
});
