import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFeed } from '../../src/domain/calendar/parse-feed.js';
import { calendarFixture } from '../helpers/calendar-fixtures.js';
import { hugeFeed, startFeedServer, type FeedServer } from '../helpers/feed-server.js';

/** The feed server that sync tests fetch from: it must behave as the servers it stands for. */
describe('the local feed server (test helper)', () => {
  let feeds: FeedServer;
  before(async () => {
    feeds = await startFeedServer();
  });
  after(() => feeds.close());

  it('serves a fixture with an ETag and Last-Modified, and 304 to a conditional GET', async () => {
    const lastModified = new Date('2026-11-01T10:00:00Z');
    feeds.serve('/airbnb.ics', { body: calendarFixture('airbnb.ics'), lastModified });
    const first = await fetch(feeds.url('/airbnb.ics'));
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.equal(parseFeed(await first.text(), { now: Date.now() }).length, 4);
    const etag = first.headers.get('etag') ?? '';
    assert.match(etag, /^"[0-9a-f]{40}"$/);
    assert.equal((await fetch(feeds.url('/airbnb.ics'), { headers: { 'if-none-match': etag } })).status, 304);
    assert.equal((await fetch(feeds.url('/airbnb.ics'), { headers: { 'if-modified-since': lastModified.toUTCString() } })).status, 304);
    assert.equal((await fetch(feeds.url('/airbnb.ics'), { headers: { 'if-none-match': '"stale"' } })).status, 200);
    feeds.serve('/airbnb.ics', { body: calendarFixture('booking-com.ics'), lastModified: new Date() });
    assert.equal((await fetch(feeds.url('/airbnb.ics'), { headers: { 'if-none-match': etag } })).status, 200, 'a changed feed');
    assert.deepEqual(feeds.requestsOf('/airbnb.ics').map((request) => request.status), [200, 304, 304, 200, 200]);
  });

  it('hangs, stalls mid-body, redirects and answers 404 for unknown paths', async () => {
    feeds.serve('/hang.ics', { hang: true });
    await assert.rejects(fetch(feeds.url('/hang.ics'), { signal: AbortSignal.timeout(300) }), /aborted|timeout/i);
    feeds.serve('/stall.ics', { stallAfter: 'BEGIN:VCALENDAR\r\n' });
    const stalled = await fetch(feeds.url('/stall.ics'), { signal: AbortSignal.timeout(300) });
    assert.equal(stalled.status, 200);
    await assert.rejects(stalled.text(), /aborted|timeout/i);
    feeds.serve('/moved.ics', { redirect: 'http://127.0.0.1:9/private.ics' });
    const moved = await fetch(feeds.url('/moved.ics'), { redirect: 'manual' });
    assert.equal(moved.status, 302);
    assert.equal(moved.headers.get('location'), 'http://127.0.0.1:9/private.ics');
    assert.equal((await fetch(feeds.url('/nothing.ics'))).status, 404);
  });

  it('serves a 6 MB feed, with or without Content-Length', async () => {
    const body = hugeFeed(6 * 1024 * 1024);
    assert.ok(Buffer.byteLength(body) > 6 * 1024 * 1024);
    assert.deepEqual(parseFeed(body, { now: Date.now() }), [], 'a valid feed: only its size can refuse it');
    feeds.serve('/huge.ics', { body });
    feeds.serve('/huge-chunked.ics', { body, chunked: true });
    const sized = await fetch(feeds.url('/huge.ics'));
    assert.equal(sized.headers.get('content-length'), String(Buffer.byteLength(body)));
    assert.equal((await sized.text()).length, body.length);
    const chunked = await fetch(feeds.url('/huge-chunked.ics'));
    assert.equal(chunked.headers.get('content-length'), null);
    assert.equal(chunked.headers.get('transfer-encoding'), 'chunked');
    assert.equal((await chunked.text()).length, body.length);
  });
});
