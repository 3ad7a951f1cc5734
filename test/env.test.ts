import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readEnv } from '../src/env.js';

describe('the environment', () => {
  it('gives the cache budget in bytes when CACHE_MB is set, and leaves the default otherwise', () => {
    assert.equal(readEnv({}).cacheBytes, undefined);
    assert.equal(readEnv({ CACHE_MB: '' }).cacheBytes, undefined);
    assert.equal(readEnv({ CACHE_MB: '256' }).cacheBytes, 256 * 1024 * 1024);
    assert.equal(readEnv({ CACHE_MB: '1.5' }).cacheBytes, 1.5 * 1024 * 1024);
  });

  it('refuses a CACHE_MB that is not a number of megabytes', () => {
    for (const value of ['lots', '0', '-5', '0.5', 'Infinity', '1e400', '12MB']) {
      assert.throws(() => readEnv({ CACHE_MB: value }), /CACHE_MB must be a number of megabytes/, value);
    }
  });

  it('refuses a PORT that is not a port', () => {
    for (const value of ['http', '-1', '65536', '80.5']) assert.throws(() => readEnv({ PORT: value }), /PORT must be a port number/, value);
    assert.equal(readEnv({ PORT: '8080' }).port, 8080);
  });
});
