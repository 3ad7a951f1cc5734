import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { logCapture } from '../helpers/log.js';
import { startServer } from '../helpers/server.js';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
}

async function serverLogging(logRequests: boolean) {
  const log = logCapture();
  const server = await startServer('sqlite', () => {}, { logStream: log.stream, logRequests });
  const lines = () => log.text().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as LogLine);
  return { server, lines, text: log.text };
}

describe('request logging (LOG_REQUESTS)', () => {
  it('logs one line per answered request: method, URL, status and time, never the token', async () => {
    const { server, lines, text } = await serverLogging(true);
    try {
      const owner = await server.signUp();
      const before = lines().length;
      const created = await server.http.post('/api/products/logged', { basic: { product_name: 'Stan' } }, owner.token);
      assert.equal(created.status, 201);
      assert.equal((await server.http.get('/api/products/logged?depth=0', owner.token)).status, 200);
      assert.equal((await server.http.get('/api/products/missing')).status, 404);
      const logged = lines().slice(before).filter((line) => line.msg === 'request completed');
      assert.deepEqual(
        logged.map((line) => [line.req?.method, line.req?.url, line.res?.statusCode]),
        [['POST', '/api/products/logged', 201], ['GET', '/api/products/logged?depth=0', 200], ['GET', '/api/products/missing', 404]],
      );
      for (const line of logged) {
        assert.equal(line.level, 30);
        assert.equal(line.req?.remoteAddress, '127.0.0.1');
        assert.ok(typeof line.responseTime === 'number' && line.responseTime >= 0);
      }
      assert.ok(!lines().some((line) => line.msg === 'incoming request'), 'one line per request, not two');
      assert.ok(!text().includes(owner.token), 'no token in the log');
    } finally {
      await server.close();
    }
  });

  it('logs no requests by default', async () => {
    const { server, lines } = await serverLogging(false);
    try {
      assert.equal((await server.http.get('/api/products')).status, 200);
      assert.equal((await server.http.get('/api/products/missing')).status, 404);
      assert.deepEqual(lines().filter((line) => line.req !== undefined), []);
    } finally {
      await server.close();
    }
  });
});
