import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startServer, type TestServer } from '../helpers/server.js';

/** Rows enough that a `contains` on every one takes a good part of a second. */
const ROWS = 200_000;
const CREATED = '2026-01-01T00:00:00.000Z';
/** One of the media rows written below. */
const MEDIA_ID = 'm7';
const LONG_TEXT = 'Fotografie z půjčovny, pohled zepředu, za denního světla; '.repeat(4);

/**
 * The media and account lists are public and take `contains` filters, as the products' do: on
 * SQLite their queries run on the reader thread too, so a scan of a large table does not hold
 * up the requests behind it.
 */
describe('media and account lists on the SQLite reader thread', () => {
  let server: TestServer;
  let accountId: string;

  before(async () => {
    server = await startServer('sqlite');
    const owner = await server.signUp({ name: 'Majitel' });
    accountId = owner.id;
    // Written as another process would, straight into the file: the API would take minutes.
    const file = new Database(join(server.dataDir, 'rental.db'));
    file.pragma('busy_timeout = 5000');
    const numbered = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS}) `;
    file.exec(`${numbered} INSERT INTO rent_media (id, owner_id, filename, mime_type, filesize, width, height, alt, created_at, updated_at, doc)
      SELECT 'm' || i, '${owner.id}', 'f' || i || '.png', 'image/png', 100, 10, 10, '${LONG_TEXT}' || i, '${CREATED}', '${CREATED}',
        json_object('id', 'm' || i, 'alt', '${LONG_TEXT}' || i, 'filename', 'f' || i || '.png', 'mimeType', 'image/png', 'filesize', 100, 'width', 10, 'height', 10,
          'url', '/api/rentMedia/file/f' || i || '.png', 'sizes', json_object(), 'owner', '${owner.id}', 'createdAt', '${CREATED}', 'updatedAt', '${CREATED}') FROM n`);
    file.exec(`${numbered} INSERT INTO rents (id, email, password_hash, rent_name_system, created_at, updated_at)
      SELECT 'r' || i, 'r' || i || '@example.com', 'x', '${LONG_TEXT}' || i, '${CREATED}', '${CREATED}' FROM n`);
    file.close();
  });
  after(() => server.close());

  /** Which of two requests was answered first: the scan, asked first, or the point read asked while it runs. */
  async function firstAnswered(scanPath: string, pointPath: string): Promise<{ first: string; scan: unknown }> {
    const order: string[] = [];
    const scan = server.http.get(scanPath).then((res) => {
      order.push('scan');
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const point = server.http.get(pointPath).then((res) => {
      order.push('point');
      return res;
    });
    const [scanned, pointed] = await Promise.all([scan, point]);
    assert.equal(scanned.status, 200, scanned.text);
    assert.equal(pointed.status, 200, pointed.text);
    return { first: order[0] as string, scan: scanned.body };
  }

  it('answers a media read while a media count scans every row', async () => {
    const { first, scan } = await firstAnswered('/api/rentMedia/count?where[alt][contains]=ZEPŘEDU,%20ZA%20NOCI', `/api/rentMedia/${MEDIA_ID}`);
    assert.deepEqual(scan, { totalDocs: 0 });
    assert.equal(first, 'point');
  });

  it('answers an account read while an account list scans every row', async () => {
    // The names end in their number: r1999, r19990–r19999 and r199900–r199999.
    const { first, scan } = await firstAnswered('/api/rents?limit=1&sort=id&where[rentNameSystem][contains]=SVĚTLA;%201999', `/api/rents/${accountId}`);
    const page = scan as { docs: { id: string }[]; totalDocs: number };
    assert.deepEqual([page.totalDocs, page.docs.map((doc) => doc.id)], [111, ['r1999']]);
    assert.equal(first, 'point');
  });

  it('lists and counts what the service itself has just written', async () => {
    const res = await server.http.request('PATCH', `/api/rentMedia/${MEDIA_ID}`, { body: { alt: 'jediný takový popisek' }, token: (await server.signUp({ admin: true })).token });
    assert.equal(res.status, 200, res.text);
    const listed = await server.http.get<{ docs: { id: string; alt: string }[]; totalDocs: number }>('/api/rentMedia?where[alt][contains]=JEDINÝ');
    assert.deepEqual(listed.body.docs.map((doc) => [doc.id, doc.alt]), [[MEDIA_ID, 'jediný takový popisek']]);
    assert.equal(listed.body.totalDocs, 1);
  });
});
