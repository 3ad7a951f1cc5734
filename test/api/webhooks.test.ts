import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { GIVE_UP_AFTER_MS, JITTER, retryStep } from '../../src/domain/webhooks.js';
import { ManualClock } from '../helpers/clock.js';
import { errorFields } from '../helpers/http.js';
import { Receiver } from '../helpers/receiver.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

interface WebhookDoc { id: string; createdAt: string; updatedAt: string; url: string; events: string[]; active: boolean; scope: string; owner: string; deactivatedReason?: string; description?: string }
interface Attempt { eventId: number; type: string; attempt: number; status: string; responseStatus: number | null; durationMs: number; at: string; error?: string }

const product = (name: string, published = true) => ({ basic: { product_name: name }, settings: { published } });

for (const dialect of dialects) {
  describe(`webhooks (${dialect})`, () => {
    let server: TestServer;
    let receiver: Receiver;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect, (config) => (config.webhooks.allowPrivateAddresses = true));
      receiver = await Receiver.start();
      [owner, other, admin] = await Promise.all([server.signUp(), server.signUp(), server.signUp({ admin: true })]);
    });
    after(async () => {
      await server.close();
      await receiver.close();
    });

    const subscribe = async (token: string, body: Record<string, unknown>) => {
      const res = await server.http.post<{ doc: WebhookDoc; message: string; secret: string }>('/api/webhooks', body, token);
      assert.equal(res.status, 201, res.text);
      return res.body;
    };
    const deliveries = async (id: string, token: string) => (await server.http.get<{ docs: Attempt[] }>(`/api/webhooks/${id}/deliveries`, token)).body.docs;

    it('creates a webhook with its secret shown once; reads, lists, changes and deletes it within the owner\'s scope', async () => {
      const created = await server.http.post<{ doc: WebhookDoc; message: string; secret: string }>('/api/webhooks', { url: `${receiver.url}/crud`, events: ['product.created'], description: 'Shop cache' }, owner.token);
      assert.equal(created.status, 201);
      assert.match(created.body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.equal(typeof created.body.message, 'string');
      assert.deepEqual({ ...created.body.doc, id: '', createdAt: '', updatedAt: '' }, {
        id: '', url: `${receiver.url}/crud`, events: ['product.created'], active: true, description: 'Shop cache', scope: 'own', owner: owner.id, createdAt: '', updatedAt: '',
      });
      const id = created.body.doc.id;
      assert.equal(created.headers.get('location'), `/api/webhooks/${id}`);
      const read = await server.http.get<WebhookDoc>(`/api/webhooks/${id}`, owner.token);
      assert.equal(read.status, 200);
      assert.deepEqual(read.body, created.body.doc);
      // The server's own fields sent back are ignored, as in product bodies.
      const echoed = await server.http.patch<{ doc: WebhookDoc }>(`/api/webhooks/${id}`, { id: 'other', createdAt: read.body.createdAt, updatedAt: read.body.updatedAt, description: 'Shop cache' }, owner.token);
      assert.equal(echoed.status, 200, echoed.text);
      assert.equal(echoed.body.doc.id, id);
      const list = await server.http.get<{ docs: WebhookDoc[]; totalDocs: number }>('/api/webhooks', owner.token);
      assert.deepEqual(list.body.docs.map((doc) => doc.id), [id]);
      for (const text of [read.text, list.text]) assert.ok(!text.includes(created.body.secret) && !text.includes('secret'), 'the secret never appears again');
      // Another owner sees nothing of it; an admin sees it; anonymous callers are turned away.
      assert.equal((await server.http.get(`/api/webhooks/${id}`, other.token)).status, 404);
      assert.equal((await server.http.patch(`/api/webhooks/${id}`, { active: false }, other.token)).status, 404);
      assert.equal((await server.http.delete(`/api/webhooks/${id}`, other.token)).status, 404);
      assert.deepEqual((await server.http.get<{ docs: WebhookDoc[] }>('/api/webhooks', other.token)).body.docs, []);
      assert.equal((await server.http.get(`/api/webhooks/${id}`, admin.token)).status, 200);
      assert.equal((await server.http.get('/api/webhooks')).status, 401);
      assert.equal((await server.http.post('/api/webhooks', { url: `${receiver.url}/x`, events: ['*'] })).status, 401);
      const patched = await server.http.patch<{ doc: WebhookDoc }>(`/api/webhooks/${id}`, { events: ['product.created', 'product.deleted'], description: null }, owner.token);
      assert.equal(patched.status, 200);
      assert.deepEqual(patched.body.doc.events, ['product.created', 'product.deleted']);
      assert.equal(patched.body.doc.description, undefined);
      const removed = await server.http.delete<{ doc: WebhookDoc }>(`/api/webhooks/${id}`, owner.token);
      assert.equal(removed.status, 200);
      assert.equal(removed.body.doc.id, id);
      assert.equal((await server.http.get(`/api/webhooks/${id}`, owner.token)).status, 404);
    });

    it('counts, lists without pagination and selects fields, as Payload\'s SDK asks', async () => {
      const counter = await server.signUp();
      for (let i = 0; i < 11; i++) await subscribe(counter.token, { url: `${receiver.url}/count-${i}`, events: ['product.created'], description: `n${i}` });
      const count = await server.http.get<{ totalDocs: number }>('/api/webhooks/count', counter.token);
      assert.equal(count.status, 200, count.text);
      assert.deepEqual(count.body, { totalDocs: 11 });
      const some = await server.http.get<{ totalDocs: number }>(`/api/webhooks/count?where[description][equals]=n3`, counter.token);
      assert.deepEqual(some.body, { totalDocs: 1 });
      assert.equal((await server.http.get('/api/webhooks/count')).status, 401);
      const all = await server.http.get<{ docs: WebhookDoc[]; totalDocs: number; hasNextPage: boolean }>('/api/webhooks?pagination=false', counter.token);
      assert.equal(all.status, 200, all.text);
      assert.equal(all.body.docs.length, 11);
      assert.equal(all.body.hasNextPage, false);
      const paged = await server.http.get<{ docs: WebhookDoc[] }>('/api/webhooks', counter.token);
      assert.equal(paged.body.docs.length, 10, 'paginated by default');
      const selected = await server.http.get<{ docs: Record<string, unknown>[] }>('/api/webhooks?select[url]=true&limit=2', counter.token);
      assert.deepEqual(selected.body.docs.map((doc) => Object.keys(doc).sort()), [['id', 'url'], ['id', 'url']]);
      const id = String(selected.body.docs[0]?.id);
      const one = await server.http.get<Record<string, unknown>>(`/api/webhooks/${id}?select[description]=true`, counter.token);
      assert.deepEqual(Object.keys(one.body).sort(), ['description', 'id']);
      const changed = await server.http.patch<{ doc: Record<string, unknown> }>(`/api/webhooks/${id}?select[active]=true`, { active: false }, counter.token);
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual(changed.body.doc, { id, active: false });
      assert.equal((await server.http.get(`/api/webhooks/${id}?select=nonsense`, counter.token)).status, 400);
    });

    it('names every invalid field; scope all is for admins only', async () => {
      const bad = await server.http.post('/api/webhooks', { url: 42, events: ['product.exploded'], colour: 'red', active: 'yes' }, owner.token);
      assert.equal(bad.status, 400);
      const fields = errorFields(bad.body);
      for (const field of ['url', 'events.0', 'colour', 'active']) assert.ok(fields.includes(field), `${field} in ${fields.join(', ')}`);
      assert.deepEqual(errorFields((await server.http.post('/api/webhooks', {}, owner.token)).body).sort(), ['events', 'url']);
      assert.deepEqual(errorFields((await server.http.post('/api/webhooks', { url: 'ftp://example.com/x', events: ['*'] }, owner.token)).body), ['url']);
      assert.equal((await server.http.post('/api/webhooks', { url: `${receiver.url}/x`, events: [] }, owner.token)).status, 400);
      const everything = await server.http.post('/api/webhooks', { url: `${receiver.url}/x`, events: ['*'], scope: 'all' }, owner.token);
      assert.equal(everything.status, 403);
      assert.deepEqual(errorFields(everything.body), ['scope']);
      const own = await subscribe(owner.token, { url: `${receiver.url}/x`, events: ['*'] });
      assert.equal((await server.http.patch(`/api/webhooks/${own.doc.id}`, { scope: 'all' }, owner.token)).status, 403);
      assert.equal((await server.http.patch(`/api/webhooks/${own.doc.id}`, {}, owner.token)).status, 400);
      const global = await subscribe(admin.token, { url: `${receiver.url}/x`, events: ['*'], scope: 'all' });
      assert.equal(global.doc.scope, 'all');
      for (const hook of [own, global]) assert.equal((await server.http.delete(`/api/webhooks/${hook.doc.id}`, admin.token)).status, 200);
    });

    it("is global only while its owner is an admin: an admin cannot make another's webhook global, and a demoted admin's gets its own events", async () => {
      const own = await subscribe(owner.token, { url: `${receiver.url}/x`, events: ['*'] });
      const made = await server.http.patch(`/api/webhooks/${own.doc.id}`, { scope: 'all' }, admin.token);
      assert.equal(made.status, 400, made.text);
      assert.deepEqual(errorFields(made.body), ['scope']);
      const demoted = await server.signUp({ admin: true });
      const global = await subscribe(demoted.token, { url: `${receiver.url}/demoted`, events: ['product.created'], scope: 'all' });
      const before = await server.http.post<{ doc: { id: string } }>('/api/products', product('Před'), other.token);
      assert.ok(await until(() => receiver.events('/demoted').some((event) => (event.data as { id?: string }).id === before.body.doc.id), 10_000), 'global while an admin');
      const roles = await server.http.patch(`/api/rents/${demoted.id}`, { roles: [] }, admin.token);
      assert.equal(roles.status, 200, roles.text);
      const foreign = await server.http.post<{ doc: { id: string } }>('/api/products', product('Cizí po'), other.token);
      const mine = await server.http.post<{ doc: { id: string } }>('/api/products', product('Vlastní'), demoted.token);
      assert.ok(await until(() => receiver.events('/demoted').some((event) => (event.data as { id?: string }).id === mine.body.doc.id), 10_000), 'its own events still come');
      await new Promise((done) => setTimeout(done, 300));
      assert.ok(!receiver.events('/demoted').some((event) => (event.data as { id?: string }).id === foreign.body.doc.id), "another account's event after the demotion");
      for (const hook of [own, global]) assert.equal((await server.http.delete(`/api/webhooks/${hook.doc.id}`, admin.token)).status, 200);
    });

    it('delivers signed events that the Standard Webhooks library verifies: the owner\'s own, an admin\'s global webhook everyone\'s', async () => {
      const mine = await subscribe(owner.token, { url: `${receiver.url}/hook`, events: ['*'] });
      const global = await subscribe(admin.token, { url: `${receiver.url}/global`, events: ['product.created'], scope: 'all' });
      const created = await server.http.post<{ doc: { id: string } }>('/api/products', product('Vrtačka'), owner.token);
      const foreign = await server.http.post<{ doc: { id: string } }>('/api/products', product('Cizí'), other.token);
      await server.http.post(`/api/products/${created.body.doc.id}`, { action: 'reserve', from: '2026-12-01', to: '2026-12-03', note: 'Novák' }, owner.token);
      await server.http.delete(`/api/products/${created.body.doc.id}`, owner.token);
      assert.ok(await until(() => receiver.events('/hook').length >= 4 && receiver.events('/global').length >= 2, 10_000), JSON.stringify(receiver.events('/hook').map((e) => e.type)));
      await new Promise((done) => setTimeout(done, 300));
      // Deliveries run side by side: their order of arrival is not the events' order.
      const mineReceived = receiver.received.filter((request) => request.path === '/hook').sort((a, b) => JSON.parse(a.body).id - JSON.parse(b.body).id);
      assert.deepEqual(mineReceived.map((request) => JSON.parse(request.body).type), ['product.created', 'product.updated', 'reservation.created', 'product.deleted']);
      for (const request of mineReceived) {
        const verified = new Webhook(mine.secret).verify(request.body, request.headers as Record<string, string>) as { id: number; type: string; createdAt: string; data: unknown };
        assert.equal(request.headers['webhook-id'], `evt_${verified.id}`);
        assert.equal(request.headers['content-type'], 'application/json');
        assert.deepEqual(Object.keys(verified), ['id', 'type', 'createdAt', 'data']);
        assert.match(verified.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.throws(() => new Webhook(global.secret).verify(request.body, request.headers as Record<string, string>), 'another secret does not verify it');
        assert.throws(() => new Webhook(mine.secret).verify(request.body.replace('}', ' }'), request.headers as Record<string, string>), 'a changed body does not verify');
      }
      const [createdEvent, , reserved] = mineReceived.map((request) => JSON.parse(request.body));
      assert.equal(createdEvent.data.id, created.body.doc.id);
      assert.equal(createdEvent.data.basic.rent_owner, owner.id);
      assert.deepEqual({ ...reserved.data, reservation: { ...reserved.data.reservation, id: '' } }, {
        product: created.body.doc.id, reservation: { id: '', from: '2026-12-01', to: '2026-12-03', note: 'Novák' },
      });
      assert.ok(createdEvent.id < reserved.id, 'ids increase');
      assert.ok(!mineReceived.some((request) => request.body.includes(foreign.body.doc.id)), 'another owner\'s product never reaches this webhook');
      const globalIds = receiver.events('/global').map((event) => event.data.id);
      assert.deepEqual(globalIds.sort(), [created.body.doc.id, foreign.body.doc.id].sort());
      const log = (await deliveries(mine.doc.id, owner.token)).sort((a, b) => a.eventId - b.eventId);
      assert.deepEqual(log.map((entry) => [entry.type, entry.attempt, entry.status, entry.responseStatus]), [
        ['product.created', 1, 'succeeded', 200], ['product.updated', 1, 'succeeded', 200], ['reservation.created', 1, 'succeeded', 200], ['product.deleted', 1, 'succeeded', 200],
      ]);
      assert.ok(log.every((entry) => entry.durationMs >= 0 && !Number.isNaN(Date.parse(entry.at)) && entry.error === undefined));
      assert.equal((await server.http.get(`/api/webhooks/${mine.doc.id}/deliveries`, other.token)).status, 404);
      for (const hook of [mine, global]) await server.http.delete(`/api/webhooks/${hook.doc.id}`, admin.token);
    });

    it('a receiver that redirects fails the attempt (redirects are not followed)', async () => {
      const hook = await subscribe(owner.token, { url: `${receiver.url}/redirect`, events: ['product.created'] });
      receiver.answer = (request) => (request.path === '/redirect' ? { status: 302, location: `${receiver.url}/target` } : 200);
      await server.http.post('/api/products', product('Přesměrovaná'), owner.token);
      assert.ok(await until(async () => (await deliveries(hook.doc.id, owner.token)).length > 0, 10_000));
      const [attempt] = await deliveries(hook.doc.id, owner.token);
      assert.equal(attempt?.status, 'failed');
      assert.equal(attempt?.responseStatus, 302);
      assert.match(attempt?.error ?? '', /302/);
      assert.equal(receiver.received.filter((request) => request.path === '/target').length, 0);
      receiver.answer = () => 200;
      await server.http.delete(`/api/webhooks/${hook.doc.id}`, owner.token);
    });

    it('a receiver that hangs holds at most 12 of the 16 attempts in flight: another webhook still gets its events', async () => {
      const slow = await subscribe(other.token, { url: `${receiver.url}/stuck`, events: ['product.created'] });
      const fast = await subscribe(other.token, { url: `${receiver.url}/quick`, events: ['product.updated'] });
      receiver.answer = (request) => (request.path === '/stuck' ? 'hang' : 200);
      const started = Date.now();
      const created = [];
      for (let i = 0; i < 17; i++) created.push(await server.http.post<{ doc: { id: string } }>('/api/products', product(`Zaseknutá ${i}`), other.token));
      const stuck = () => receiver.received.filter((request) => request.path === '/stuck').length;
      assert.ok(await until(() => stuck() === 12, 5_000), `${stuck()} attempts to the hanging receiver`);
      await server.http.patch(`/api/products/${created[0]?.body.doc.id}`, { basic: { location: 'Brno' } }, other.token);
      assert.ok(await until(() => receiver.received.some((request) => request.path === '/quick'), 5_000), 'the other webhook waited for the hanging one');
      // The race happened: all 17 owed, 12 hanging, none of them answered yet.
      assert.equal(stuck(), 12);
      assert.equal((await deliveries(slow.doc.id, other.token)).length, 0);
      assert.ok(Date.now() - started < 10_000);
      receiver.answer = () => 200;
      await server.http.delete(`/api/webhooks/${slow.doc.id}`, other.token);
      await server.http.delete(`/api/webhooks/${fast.doc.id}`, other.token);
    });

    it('gives a receiver that hangs 10 s, then retries the same message; other webhooks are not held back meanwhile', async () => {
      const hook = await subscribe(owner.token, { url: `${receiver.url}/slow`, events: ['product.created'] });
      const fast = await subscribe(owner.token, { url: `${receiver.url}/fast`, events: ['product.updated'] });
      receiver.answer = (request) => (request.path === '/slow' ? 'hang' : 200);
      const started = Date.now();
      const created = await server.http.post<{ doc: { id: string } }>('/api/products', product('Pomalá'), owner.token);
      assert.ok(await until(() => receiver.received.some((request) => request.path === '/slow'), 5_000));
      // An event that comes while the slow attempt hangs reaches the other webhook at once, not after the 10 s.
      await server.http.patch(`/api/products/${created.body.doc.id}`, { basic: { location: 'Brno' } }, owner.token);
      assert.ok(await until(() => receiver.received.some((request) => request.path === '/fast'), 5_000), 'the other webhook waited for the slow one');
      assert.equal((await deliveries(hook.doc.id, owner.token)).length, 0, 'the slow attempt was still in flight');
      assert.ok(Date.now() - started < 10_000);
      assert.ok(await until(async () => (await deliveries(hook.doc.id, owner.token)).length > 0, 20_000));
      const [attempt] = await deliveries(hook.doc.id, owner.token);
      assert.equal(attempt?.status, 'failed');
      assert.equal(attempt?.responseStatus, null);
      assert.match(attempt?.error ?? '', /10 s/);
      assert.ok(Date.now() - started >= 10_000 && (attempt?.durationMs ?? 0) >= 9_900);
      receiver.answer = () => 200;
      // The first retry comes within 30 s (5 s ± 20 %).
      assert.ok(await until(async () => (await deliveries(hook.doc.id, owner.token)).length === 2, 15_000));
      const [retry] = await deliveries(hook.doc.id, owner.token);
      assert.deepEqual([retry?.attempt, retry?.status], [2, 'succeeded']);
      const slow = receiver.received.filter((request) => request.path === '/slow');
      assert.equal(slow.length, 2);
      assert.equal(slow[0]?.headers['webhook-id'], slow[1]?.headers['webhook-id']);
      assert.equal(slow[0]?.body, slow[1]?.body);
      await server.http.delete(`/api/webhooks/${hook.doc.id}`, owner.token);
      await server.http.delete(`/api/webhooks/${fast.doc.id}`, owner.token);
    });
  });

  describe(`webhook URLs without allowPrivateAddresses (${dialect})`, () => {
    let server: TestServer;
    let receiver: Receiver;
    let settings: { allowPrivateAddresses: boolean };

    before(async () => {
      server = await startServer(dialect, (config) => (settings = config.webhooks));
      receiver = await Receiver.start();
    });
    after(async () => {
      await server.close();
      await receiver.close();
    });

    it('refuses loopback, private, link-local and metadata addresses at creation and at PATCH', async () => {
      const owner = await server.signUp();
      const port = new URL(receiver.url).port;
      for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`, 'http://[::1]/hook', 'http://10.1.2.3/hook', 'http://192.168.0.10/hook',
        'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:127.0.0.1]/hook', 'http://0.0.0.0/hook', 'http://100.64.0.1/hook', 'http://[fd00::1]/hook']) {
        const res = await server.http.post('/api/webhooks', { url, events: ['*'] }, owner.token);
        assert.equal(res.status, 400, url);
        assert.deepEqual(errorFields(res.body), ['url'], url);
      }
      // The address is named beside the body's other faults: one 400 lists every offending field.
      const both = await server.http.post('/api/webhooks', { url: 'http://10.1.2.3/hook', events: ['nope'] }, owner.token);
      assert.equal(both.status, 400);
      assert.deepEqual(errorFields(both.body).sort(), ['events.0', 'url']);
      const allowed = await server.http.post<{ doc: WebhookDoc }>('/api/webhooks', { url: 'https://8.8.8.8/hook', events: ['*'] }, owner.token);
      assert.equal(allowed.status, 201);
      const patched = await server.http.patch(`/api/webhooks/${allowed.body.doc.id}`, { url: `http://127.0.0.1:${port}/hook` }, owner.token);
      assert.equal(patched.status, 400);
      assert.deepEqual(errorFields(patched.body), ['url']);
      const patchedBoth = await server.http.patch(`/api/webhooks/${allowed.body.doc.id}`, { url: 'http://169.254.169.254/x', active: 'yes' }, owner.token);
      assert.deepEqual(errorFields(patchedBoth.body).sort(), ['active', 'url']);
      await server.http.delete(`/api/webhooks/${allowed.body.doc.id}`, owner.token);
    });

    it('checks the address again at every delivery: a URL accepted once is refused when the setting no longer allows it', async () => {
      const owner = await server.signUp();
      settings.allowPrivateAddresses = true;
      const { doc } = (await server.http.post<{ doc: WebhookDoc }>('/api/webhooks', { url: `${receiver.url}/hook`, events: ['product.created'] }, owner.token)).body;
      settings.allowPrivateAddresses = false;
      await server.http.post('/api/products', product('Nikam'), owner.token);
      assert.ok(await until(async () => (await server.http.get<{ docs: Attempt[] }>(`/api/webhooks/${doc.id}/deliveries`, owner.token)).body.docs.length > 0, 10_000));
      const [attempt] = (await server.http.get<{ docs: Attempt[] }>(`/api/webhooks/${doc.id}/deliveries`, owner.token)).body.docs;
      assert.equal(attempt?.status, 'failed');
      assert.match(attempt?.error ?? '', /127\.0\.0\.1 is not a public internet address/);
      assert.equal(receiver.received.length, 0, 'nothing reached the loopback receiver');
    });
  });

  describe(`webhook retries on a clock the test moves (${dialect})`, () => {
    let server: TestServer;
    let receiver: Receiver;
    const clock = new ManualClock();
    let jitter = 0.5;

    before(async () => {
      server = await startServer(dialect, (config) => (config.webhooks.allowPrivateAddresses = true), { clock, random: () => jitter });
      receiver = await Receiver.start(() => 500);
    });
    after(async () => {
      await server.close();
      await receiver.close();
    });

    it('retries with growing pauses (first within 30 s, with jitter) for at least 24 h, then deactivates the webhook with the reason', async () => {
      const owner = await server.signUp();
      const { doc, secret } = (await server.http.post<{ doc: WebhookDoc; secret: string }>('/api/webhooks', { url: `${receiver.url}/hook`, events: ['product.created'] }, owner.token)).body;
      await server.http.post('/api/products', product('Nespolehlivá'), owner.token);
      const attempts = async () => (await server.http.get<{ docs: Attempt[] }>(`/api/webhooks/${doc.id}/deliveries`, owner.token)).body.docs;
      assert.ok(await until(async () => (await attempts()).length === 1, 10_000), 'the first attempt is immediate');
      const firstAt = clock.now();
      let count = 1;
      const pauses: number[] = [];
      for (;;) {
        const webhook = (await server.http.get<WebhookDoc>(`/api/webhooks/${doc.id}`, owner.token)).body;
        if (!webhook.active) break;
        assert.ok(count < 30, 'gives up eventually');
        // The pause drawn after failure `count` is its step, moved by the jitter the test hands out.
        const drawn = jitter;
        jitter = count % 2 === 0 ? 0 : 0.999;
        const lastAt = Date.parse((await attempts())[0]?.at ?? '');
        const pause = Math.round(retryStep(count) * (1 - JITTER + 2 * JITTER * drawn));
        // Just before the retry is due nothing happens; once the next tick passes it, the retry comes.
        await server.jobsSettled();
        clock.advance(lastAt + pause - 1_500 - clock.now());
        await server.jobsSettled();
        assert.equal((await attempts()).length, count, `no retry ${count} before its time`);
        clock.advance(2_000);
        assert.ok(await until(async () => (await attempts()).length === count + 1, 5_000), `retry ${count} came`);
        pauses.push(Date.parse((await attempts())[0]?.at ?? '') - lastAt);
        count++;
      }
      const log = await attempts();
      assert.ok(log.every((entry) => entry.status === 'failed' && entry.responseStatus === 500));
      assert.deepEqual(log.map((entry) => entry.attempt).reverse(), Array.from({ length: log.length }, (_, i) => i + 1));
      // The first retry within 30 s; every pause within its step's jitter (and a tick of 1 s); growing on the whole.
      assert.ok((pauses[0] ?? Infinity) <= 30_000, `first retry after ${pauses[0]} ms`);
      pauses.forEach((pause, index) => {
        const step = retryStep(index + 1);
        assert.ok(pause >= step * (1 - JITTER) && pause <= step * (1 + JITTER) + 1_000, `pause ${index + 1}: ${pause} ms for a step of ${step}`);
      });
      assert.ok(new Set(pauses.map((pause, index) => Math.round(pause / retryStep(index + 1) * 10))).size > 1, 'the jitter moved the pauses');
      assert.ok((pauses.at(-1) ?? 0) > (pauses[0] ?? 0) * 100);
      const lastAt = Date.parse(log[0]?.at ?? '');
      assert.ok(lastAt - firstAt >= GIVE_UP_AFTER_MS, `retried for ${(lastAt - firstAt) / 3_600_000} h`);
      const webhook = (await server.http.get<WebhookDoc>(`/api/webhooks/${doc.id}`, owner.token)).body;
      assert.equal(webhook.active, false);
      assert.match(webhook.deactivatedReason ?? '', /failed for 2\d hours.*HTTP 500/);
      // Every attempt was the same message, signed anew.
      const bodies = new Set(receiver.received.map((request) => request.body));
      const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
      assert.equal(bodies.size, 1);
      assert.equal(ids.size, 1);
      assert.equal(receiver.received.length, log.length);
      void secret;
      // Deactivated, it gets nothing more; activated again, it gets new events and loses its reason.
      await server.http.post('/api/products', product('Po deaktivaci'), owner.token);
      clock.advance(60_000);
      await new Promise((done) => setTimeout(done, 300));
      assert.equal(receiver.received.length, log.length);
      receiver.answer = () => 204;
      const reactivated = await server.http.patch<{ doc: WebhookDoc }>(`/api/webhooks/${doc.id}`, { active: true }, owner.token);
      assert.equal(reactivated.body.doc.active, true);
      assert.equal(reactivated.body.doc.deactivatedReason, undefined);
      await server.http.post('/api/products', product('Znovu'), owner.token);
      assert.ok(await until(() => receiver.received.length === log.length + 1, 10_000));
      assert.equal(JSON.parse(receiver.received.at(-1)?.body ?? '{}').data.basic.product_name, 'Znovu');
    });
  });
}
