import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

const limited = (max: number) => (config: { rateLimit: unknown }) => {
  config.rateLimit = { max, window: 60_000, login: { max: 100, window: 60_000 } };
};

describe('rate limiting', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer('sqlite', limited(5));
  });
  after(() => server.close());

  it('limits each client address, then each account separately once signed in', async () => {
    const account = await server.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await server.http.get('/api/products')).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    const over = await server.http.get('/api/products');
    assert.equal(over.status, 429);
    assert.ok(Number(over.headers.get('retry-after')) > 0);
    errorFields(over.body);
    assert.equal((await server.http.get('/api/products', account.token)).status, 200, 'the account has its own counter');
    assert.equal((await server.http.get('/health')).status, 200, 'health checks are not limited');
  });
});

describe('rate limiting off', () => {
  it('rateLimit: false turns it off', async () => {
    const server = await startServer('sqlite', (config) => {
      config.rateLimit = false;
    });
    try {
      for (let i = 0; i < 30; i++) assert.equal((await server.http.get('/api/products')).status, 200);
      assert.equal((await server.http.get('/api/products')).headers.get('x-ratelimit-limit'), null);
    } finally {
      await server.close();
    }
  });
});

describe('rate limits shared through Redis', { skip: !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL is not set' }, () => {
  it('two instances count together', async () => {
    const redisUrl = process.env.TEST_REDIS_URL as string;
    const redis = new Redis(redisUrl);
    const stale = await redis.keys('rental-rate-limit:*');
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
    const max = 6;
    const a = await startServer('sqlite', limited(max), { redisUrl });
    const b = await startServer('sqlite', limited(max), { redisUrl });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < max; i++) statuses.push((await (i % 2 === 0 ? a : b).http.get('/api/products')).status);
      assert.deepEqual(statuses, Array(max).fill(200));
      assert.equal((await b.http.get('/api/products')).status, 429, 'the seventh request, on either instance, is over');
      assert.equal((await a.http.get('/api/products')).status, 429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
