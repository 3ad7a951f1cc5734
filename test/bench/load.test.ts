import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { describe, it } from 'node:test';
import { drive } from '../../bench/load.js';

describe('benchmark load', () => {
  it("counts the answers and the load generator's share of its core", async () => {
    const server = createServer((_request, response) => response.end('{}'));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as { port: number };
    try {
      const load = await drive({ url: `http://127.0.0.1:${port}/`, connections: 2, duration: 1 });
      assert.ok(load.requests > 0 && load.failures === 0, `answers ${load.requests}, failures ${load.failures}`);
      // Generator and server share this process here, so it is busy most of the second; idle it would be ~0.
      assert.ok(load.loadCpuShare > 0.2 && load.loadCpuShare < 4, `share ${load.loadCpuShare}`);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
