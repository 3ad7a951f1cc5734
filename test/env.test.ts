import assert from 'node:assert/strict';
import { resolve } from 'node:path';
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

  it('gives the body file size in bytes when BODY_FILE_MB is set (0 keeps bodies in memory)', () => {
    assert.equal(readEnv({}).bodyFileBytes, undefined);
    assert.equal(readEnv({ BODY_FILE_MB: '0' }).bodyFileBytes, 0);
    assert.equal(readEnv({ BODY_FILE_MB: '2048' }).bodyFileBytes, 2048 * 1024 * 1024);
  });

  it('refuses a BODY_FILE_MB that is not 0 or at least 16 megabytes', () => {
    for (const value of ['lots', '-1', '8', 'Infinity', '1GB']) {
      assert.throws(() => readEnv({ BODY_FILE_MB: value }), /BODY_FILE_MB must be/, value);
    }
  });

  it('warms product bodies unless WARM_BODIES turns it off', () => {
    assert.equal(readEnv({}).warmBodies, true);
    for (const value of ['', '1', 'true', 'ON']) assert.equal(readEnv({ WARM_BODIES: value }).warmBodies, true, value);
    for (const value of ['0', 'false', 'off', 'OFF']) assert.equal(readEnv({ WARM_BODIES: value }).warmBodies, false, value);
    for (const value of ['yes please', '2']) assert.throws(() => readEnv({ WARM_BODIES: value }), /WARM_BODIES must be on or off/, value);
  });

  it('logs every request only when LOG_REQUESTS says so', () => {
    assert.equal(readEnv({}).logRequests, false);
    assert.equal(readEnv({ LOG_REQUESTS: '' }).logRequests, false);
    for (const value of ['1', 'true', 'on']) assert.equal(readEnv({ LOG_REQUESTS: value }).logRequests, true, value);
    assert.throws(() => readEnv({ LOG_REQUESTS: 'verbose' }), /LOG_REQUESTS must be on or off/);
  });

  it('gives how long to wait on PostgreSQL when DATABASE_TIMEOUT_MS is set, and refuses what is not a number of milliseconds', () => {
    assert.equal(readEnv({}).databaseTimeoutMs, undefined);
    assert.equal(readEnv({ DATABASE_TIMEOUT_MS: '2500' }).databaseTimeoutMs, 2500);
    for (const value of ['soon', '99', '1.5', '-1000']) assert.throws(() => readEnv({ DATABASE_TIMEOUT_MS: value }), /DATABASE_TIMEOUT_MS must be a whole number of milliseconds, at least 100/, value);
  });

  it('gives the PostgreSQL pool size when DATABASE_POOL_SIZE is set, and refuses what is not a whole number from 1 to 1000', () => {
    assert.equal(readEnv({}).databasePoolSize, undefined);
    assert.equal(readEnv({ DATABASE_POOL_SIZE: '25' }).databasePoolSize, 25);
    for (const value of ['many', '0', '2.5', '-3', '1001']) assert.throws(() => readEnv({ DATABASE_POOL_SIZE: value }), /DATABASE_POOL_SIZE must be a whole number of connections, from 1 to 1000/, value);
  });

  it('refuses a DATABASE_URL of another kind than SQLite or PostgreSQL, quoting only its scheme', () => {
    for (const url of ['postgres://u:p@h/db', 'postgresql://h/db', 'file:./data/x.db', 'file:///tmp/x.db', './data/x.db', '/tmp/x.db']) assert.equal(readEnv({ DATABASE_URL: url }).databaseUrl, url, url);
    // Schemes are matched as the service reads them, in lower case: `POSTGRES://` would be a path.
    for (const [url, scheme] of [['postgress://user:secret@host/db', 'postgress'], ['mysql://root:secret@host/db', 'mysql'], ['POSTGRES://user:secret@host/db', 'POSTGRES']] as const) {
      assert.throws(() => readEnv({ DATABASE_URL: url }), (error: Error) => {
        assert.match(error.message, new RegExp(`not a \`${scheme}:\` URL`));
        assert.ok(!error.message.includes('secret'), error.message);
        return true;
      });
    }
  });

  it('refuses a REDIS_URL that is not redis:// or rediss://', () => {
    for (const url of ['redis://127.0.0.1:6379', 'rediss://user:pass@host:6380/0']) assert.equal(readEnv({ REDIS_URL: url }).redisUrl, url);
    assert.throws(() => readEnv({ REDIS_URL: 'http://user:secret@127.0.0.1:6379' }), (error: Error) => /REDIS_URL must be redis:\/\/… \(or rediss:\/\/… for TLS\), not a `http:` URL/.test(error.message) && !error.message.includes('secret'));
  });

  it("takes one of pino's levels as LOG_LEVEL and refuses any other", () => {
    assert.equal(readEnv({}).logLevel, undefined);
    for (const level of ['warn', 'debug', 'silent']) assert.equal(readEnv({ LOG_LEVEL: level }).logLevel, level);
    assert.throws(() => readEnv({ LOG_LEVEL: 'verbose' }), /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not `verbose`/);
  });

  it('refuses a PORT that is not a port', () => {
    for (const value of ['http', '-1', '65536', '80.5']) assert.throws(() => readEnv({ PORT: value }), /PORT must be a port number/, value);
    assert.equal(readEnv({ PORT: '8080' }).port, 8080);
  });

  it('takes PUBLIC_URL as an http(s) base without its trailing slash', () => {
    assert.equal(readEnv({}).publicUrl, undefined);
    assert.equal(readEnv({ PUBLIC_URL: 'https://rent.example/' }).publicUrl, 'https://rent.example');
    assert.equal(readEnv({ PUBLIC_URL: 'http://127.0.0.1:3000/shop' }).publicUrl, 'http://127.0.0.1:3000/shop');
    for (const value of ['rent.example', 'ftp://rent.example', 'https://rent.example/?a=1', 'https://rent.example/#x']) {
      assert.throws(() => readEnv({ PUBLIC_URL: value }), /PUBLIC_URL must be an http/, value);
    }
  });

  it('keeps media in the local folder unless MEDIA_STORAGE=s3, and in the bucket the S3 variables name', () => {
    assert.deepEqual(readEnv({}).media, { kind: 'local' });
    assert.deepEqual(readEnv({ MEDIA_STORAGE: 'local' }).media, { kind: 'local' });
    assert.deepEqual(readEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-central-1' }).media, {
      kind: 's3', bucket: 'media', region: 'eu-central-1', forcePathStyle: false, serving: { kind: 'stream' },
    });
    // An S3-compatible server: its URL, path-style addressing unless told otherwise, any region the signature takes.
    assert.deepEqual(readEnv({ MEDIA_STORAGE: 'S3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000/' }).media, {
      kind: 's3', bucket: 'media', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true, serving: { kind: 'stream' },
    });
    const s3 = { MEDIA_STORAGE: 's3', S3_BUCKET: 'media' };
    const media = (source: NodeJS.ProcessEnv) => readEnv(source).media as Extract<ReturnType<typeof readEnv>['media'], { kind: 's3' }>;
    assert.equal(media({ ...s3, AWS_REGION: 'eu-west-1' }).region, 'eu-west-1');
    assert.equal(media({ ...s3, S3_REGION: 'eu-north-1', S3_FORCE_PATH_STYLE: 'on' }).forcePathStyle, true);
    assert.equal(media({ ...s3, S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'off' }).forcePathStyle, false);
    assert.deepEqual(media({ ...s3, S3_REGION: 'x', S3_PUBLIC_URL: 'https://cdn.example/media/' }).serving, { kind: 'public', baseUrl: 'https://cdn.example/media' });
    assert.deepEqual(media({ ...s3, S3_REGION: 'x', S3_PRESIGN_SECONDS: '900' }).serving, { kind: 'presign', expiresIn: 900 });
  });

  it('stops on a media storage configuration that cannot work, naming the variable', () => {
    const s3 = { MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-central-1' };
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [{ MEDIA_STORAGE: 'ftp' }, /MEDIA_STORAGE must be `local`/],
      [{ MEDIA_STORAGE: 's3' }, /S3_BUCKET must name the bucket when MEDIA_STORAGE=s3/],
      [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'a/b' }, /S3_BUCKET must be a bucket name/],
      [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'media' }, /S3_REGION \(or AWS_REGION\) must name/],
      [{ S3_BUCKET: 'media' }, /S3_BUCKET is set but MEDIA_STORAGE is not `s3`/],
      [{ MEDIA_STORAGE: 'local', S3_ENDPOINT: 'http://minio:9000' }, /S3_ENDPOINT is set but MEDIA_STORAGE is not `s3`/],
      [{ ...s3, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/],
      [{ ...s3, S3_ENDPOINT: 'ftp://minio' }, /S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL, not a `ftp:` one/],
      [{ ...s3, S3_ENDPOINT: 'http://key:secret@minio:9000' }, /S3_ENDPOINT must not hold credentials/],
      [{ ...s3, S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE must be on or off/],
      [{ ...s3, S3_PUBLIC_URL: 'https://cdn.example/?a=1' }, /S3_PUBLIC_URL must be a URL without a query/],
      [{ ...s3, S3_PRESIGN_SECONDS: '10' }, /S3_PRESIGN_SECONDS must be a whole number of seconds from 60 to 604800/],
      [{ ...s3, S3_PRESIGN_SECONDS: '600', S3_PUBLIC_URL: 'https://cdn.example' }, /S3_PUBLIC_URL and S3_PRESIGN_SECONDS are both set/],
    ];
    for (const [source, message] of cases) assert.throws(() => readEnv(source), message, JSON.stringify(source));
    // A credential never comes back in a message.
    assert.throws(() => readEnv({ ...s3, S3_ENDPOINT: 'http://key:secret@minio:9000' }), (error: Error) => !error.message.includes('secret'));
  });

  it('believes X-Forwarded-For only from the load balancers TRUST_PROXY names', () => {
    assert.equal(readEnv({}).trustProxy, undefined);
    assert.equal(readEnv({ TRUST_PROXY: '127.0.0.1' }).trustProxy, '127.0.0.1');
    assert.equal(readEnv({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8,192.168.1.5 ' }).trustProxy, '10.0.0.0/8,fd00::/8,192.168.1.5');
    for (const value of ['true', 'haproxy', '10.0.0.0/33', '10.0.0.1/8/8', '1', '127.0.0.1,,']) {
      assert.throws(() => readEnv({ TRUST_PROXY: value }), /TRUST_PROXY must list the load balancers' addresses or CIDR ranges/, value);
    }
  });

  it('names the memory trace file, as an absolute path, only when MEMORY_TRACE is set', () => {
    assert.equal(readEnv({}).memoryTrace, undefined);
    assert.equal(readEnv({ MEMORY_TRACE: '' }).memoryTrace, undefined);
    assert.equal(readEnv({ MEMORY_TRACE: 'memory.ndjson' }).memoryTrace, resolve('memory.ndjson'));
  });
});
