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

  it('shares built requests out to one autocannon per connection, each from its own place', async () => {
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.end('{}');
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as { port: number };
    try {
      const requests = Array.from({ length: 40 }, (_, index) => ({ method: 'GET' as const, path: `/${index}` }));
      const load = await drive({ url: `http://127.0.0.1:${port}/`, connections: 4, duration: 1, requests, staggered: true });
      assert.ok(load.requests > 40 && load.failures === 0, `answers ${load.requests}, failures ${load.failures}`);
      // Every built request was sent, and each share (0–9, 10–19, …) was sent from its own start.
      assert.deepEqual(new Set(paths), new Set(requests.map(({ path }) => path)));
      const firstOfShare = [0, 1, 2, 3].map((share) => paths.find((path) => Math.floor(Number(path.slice(1)) / 10) === share));
      assert.deepEqual(firstOfShare, ['/0', '/10', '/20', '/30']);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
