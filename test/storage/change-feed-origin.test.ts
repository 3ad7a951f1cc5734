import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { ChangeFeed, type CommittedChange } from '../../src/storage/change-feed.js';
import { createPostgresDatabase } from '../helpers/server.js';
import { until } from '../helpers/until.js';

describe('change feed notices on PostgreSQL', { skip: !process.env.TEST_POSTGRES_URL && 'TEST_POSTGRES_URL is not set' }, () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let sender: pg.Client;
  const feeds: ChangeFeed[] = [];

  before(async () => {
    database = await createPostgresDatabase();
    sender = new pg.Client({ connectionString: database.url });
    await sender.connect();
  });

  after(async () => {
    await Promise.all(feeds.map((feed) => feed.close()));
    await sender?.end();
    await database?.drop();
  });

  const listening = async () => {
    const feed = new ChangeFeed();
    await feed.listen(database.url, 5_000);
    feeds.push(feed);
    const heard: CommittedChange[] = [];
    feed.onCommitted((change) => heard.push(change));
    return { feed, heard };
  };
  const notify = (payload: string) => sender.query('SELECT pg_notify($1, $2)', [ChangeFeed.CHANNEL, payload]);

  it("skips the feed's own notices and passes on the others', with their topic and key", async () => {
    const a = await listening();
    const b = await listening();
    assert.notEqual(a.feed.origin, b.feed.origin);
    await notify(a.feed.payload('products', 'p:1'));
    await notify(b.feed.payload('media'));
    // A last notice from a third origin: once both feeds have heard it, they have heard the two before it.
    await notify(new ChangeFeed().payload('accounts', 'end'));
    assert.ok(await until(() => a.heard.length >= 2 && b.heard.length >= 2, 5_000), 'the notices never came');
    assert.deepEqual(a.heard, [{ topic: 'media' }, { topic: 'accounts', key: 'end' }], "a skips its own notice");
    assert.deepEqual(b.heard, [{ topic: 'products', key: 'p:1' }, { topic: 'accounts', key: 'end' }], "b skips its own notice");
  });

  it('reads a notice without an origin, as an older version sends it, as another instance\'s', async () => {
    const a = await listening();
    await notify('products:p-2');
    await notify('');
    assert.ok(await until(() => a.heard.length >= 5, 5_000), 'the notices never came');
    assert.deepEqual(a.heard, [{ topic: 'products', key: 'p-2' }, { topic: 'products' }, { topic: 'accounts' }, { topic: 'sessions' }, { topic: 'media' }]);
  });
});
