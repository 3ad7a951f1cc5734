import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { ChangeNotices } from '../../src/storage/change-notices.js';
import { openDatabase, type OpenDatabase } from '../../src/storage/database.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { createPostgresDatabase } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const CHANNEL = 'rental_changes_test';

describe('change notices to other instances', { skip: !process.env.TEST_POSTGRES_URL && 'TEST_POSTGRES_URL is not set' }, () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: FaultProxy;
  let opened: OpenDatabase;
  let listener: pg.Client;
  const heard: string[] = [];

  before(async () => {
    database = await createPostgresDatabase();
    proxy = await startFaultProxy(Number(new URL(database.url).port || 5432));
    opened = await openDatabase(proxy.urlFor(database.url), tmpdir(), { timeoutMs: 1_000 });
    // Another instance, listening directly (not behind the proxy).
    listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on('notification', ({ payload = '' }) => heard.push(payload));
    await listener.query(`LISTEN ${CHANNEL}`);
  });

  after(async () => {
    await listener?.end();
    await opened?.close().catch(() => undefined);
    await proxy?.close();
    await database?.drop();
  });

  it('a notice that cannot be sent fails nothing, and everything counts as changed once the database answers', async () => {
    const notices = new ChangeNotices(opened.db, CHANNEL);
    try {
      await notices.send('products:sent');
      assert.ok(await until(() => heard.includes('products:sent'), 5_000));

      proxy.cut();
      await notices.send('products:lost'); // resolves: the write it follows has committed
      await notices.send('products:lost-too');
      await new Promise((done) => setTimeout(done, 1_500));
      assert.deepEqual(heard, ['products:sent'], 'nothing could have been sent while the database was away');

      proxy.restore();
      assert.ok(await until(() => heard.length > 1, 10_000), 'the owed notice never came');
      await new Promise((done) => setTimeout(done, 1_500));
      assert.deepEqual(heard, ['products:sent', ''], 'one notice of a change of everything, sent once');
    } finally {
      notices.close();
    }
  });
});
