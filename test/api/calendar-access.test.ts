import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAdmin } from '../../src/config/defaults.js';
import { calendarFixture } from '../helpers/calendar-fixtures.js';
import { startFeedServer, type FeedServer } from '../helpers/feed-server.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

type Calendar = { id: string; product: string };

/**
 * `access.calendars` (SPEC "Configuration keys of sections 8–11"): here every signed-in account
 * may read every calendar (a team sharing one catalogue), only admins delete, owners change
 * their own, and a calendar may be created only with a name.
 */
for (const dialect of dialects) {
  describe(`access.calendars rules (${dialect})`, () => {
    let server: TestServer;
    let feeds: FeedServer;
    let owner: { id: string; token: string };
    let colleague: { id: string; token: string };
    let admin: { id: string; token: string };

    before(async () => {
      feeds = await startFeedServer();
      feeds.serve('/shared.ics', { body: calendarFixture('airbnb.ics') });
      server = await startServer(dialect, (config) => {
        config.calendars.allowPrivateAddresses = true;
        config.access.calendars = {
          ...config.access.calendars,
          read: ({ user }) => user !== null,
          create: ({ user, data }) => user !== null && data?.owner === user.id && typeof data.name === 'string',
          delete: ({ user }) => isAdmin(user),
        };
      });
      owner = await server.signUp();
      colleague = await server.signUp();
      admin = await server.signUp({ admin: true });
      assert.equal((await server.http.post('/api/products/shared-1', { basic: { product_name: 'Chata' }, settings: { published: true } }, owner.token)).status, 201);
    });
    after(async () => {
      await server.close();
      await feeds.close();
    });

    it('follows the configured rules for creating, reading, listing, changing and deleting', async () => {
      const unnamed = await server.http.post('/api/calendars', { product: 'shared-1', url: feeds.url('/shared.ics') }, owner.token);
      assert.equal(unnamed.status, 403, 'the create rule asks for a name');
      const created = await server.http.post<{ doc: Calendar }>('/api/calendars', { product: 'shared-1', url: feeds.url('/shared.ics'), name: 'Airbnb' }, owner.token);
      assert.equal(created.status, 201, created.text);
      const id = created.body.doc.id;

      // Read by everyone signed in, by id and in lists, filtered by the product's owner.
      assert.equal((await server.http.get(`/api/calendars/${id}`, colleague.token)).status, 200);
      assert.equal((await server.http.get(`/api/calendars/${id}`)).status, 401);
      const listed = await server.http.get<{ docs: Calendar[] }>(`/api/calendars?where[owner][equals]=${owner.id}`, colleague.token);
      assert.deepEqual(listed.body.docs.map((doc) => doc.id), [id]);
      assert.equal((await server.http.get<{ totalDocs: number }>(`/api/calendars?where[owner][equals]=${colleague.id}`, colleague.token)).body.totalDocs, 0);

      // Changing stays the owner's (the default update rule): the colleague sees it, so a 403, not a 404.
      assert.equal((await server.http.patch(`/api/calendars/${id}`, { name: 'Mine now' }, colleague.token)).status, 403);
      assert.equal((await server.http.post(`/api/calendars/${id}`, { action: 'sync' }, colleague.token)).status, 403);
      assert.equal((await server.http.patch(`/api/calendars/${id}`, { name: 'Airbnb (chata)' }, owner.token)).status, 200);

      // Deleting is the admins' only.
      assert.equal((await server.http.delete(`/api/calendars/${id}`, owner.token)).status, 403);
      assert.equal((await server.http.get(`/api/calendars/${id}`, owner.token)).status, 200, 'a refused delete leaves it');
      assert.equal((await server.http.delete(`/api/calendars/${id}`, admin.token)).status, 200);
      assert.equal((await server.http.get(`/api/calendars/${id}`, owner.token)).status, 404);
    });
  });
}

/** A rule that answers `true` admits everyone, anonymous callers included, as in Payload. */
describe('access.calendars rules that admit anonymous callers (sqlite)', () => {
  let server: TestServer;
  let feeds: FeedServer;

  before(async () => {
    feeds = await startFeedServer();
    feeds.serve('/board.ics', { body: calendarFixture('airbnb.ics') });
    server = await startServer('sqlite', (config) => {
      config.calendars.allowPrivateAddresses = true;
      config.access.calendars = { ...config.access.calendars, read: () => true };
    });
  });
  after(async () => {
    await server.close();
    await feeds.close();
  });

  it('reads and lists for anyone when read is true; creating and changing stay the owner’s', async () => {
    const owner = await server.signUp();
    assert.equal((await server.http.post('/api/products/board-1', { basic: { product_name: 'Loď' }, settings: { published: true } }, owner.token)).status, 201);
    const created = await server.http.post<{ doc: Calendar }>('/api/calendars', { product: 'board-1', url: feeds.url('/board.ics') }, owner.token);
    assert.equal(created.status, 201, created.text);
    const id = created.body.doc.id;
    assert.equal((await server.http.get(`/api/calendars/${id}`)).status, 200);
    assert.deepEqual((await server.http.get<{ docs: Calendar[] }>('/api/calendars')).body.docs.map((doc) => doc.id), [id]);
    assert.equal((await server.http.post('/api/calendars', { product: 'board-1', url: feeds.url('/board.ics') })).status, 401);
    assert.equal((await server.http.patch(`/api/calendars/${id}`, { name: 'Cizí' })).status, 401);
    assert.equal((await server.http.delete(`/api/calendars/${id}`)).status, 401);
  });
});
