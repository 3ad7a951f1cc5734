import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PayloadSDK, PayloadSDKError } from '@payloadcms/sdk';
import sharp from 'sharp';
import { startServer, type TestServer } from './helpers/server.js';

/** The untyped SDK returns plain JSON; this names the shape a test reads from it. */
const view = <T>(value: unknown): T => value as T;

/** The official Payload SDK, unchanged, against a started server: the clients this contract is for. */
describe('@payloadcms/sdk against the service', () => {
  let server: TestServer;
  let sdk: PayloadSDK;
  const email = 'sdk@example.com';
  const password = 'sdk password 123';

  before(async () => {
    server = await startServer('sqlite');
    await server.createAccount({ email, password, terms: [{ id: 'terms-1' }] });
    sdk = new PayloadSDK({ baseURL: `${server.url}/api` });
  });
  after(() => server.close());

  it('logs in, reads itself, and works with products and media as Payload clients do', async () => {
    const login = await sdk.login({ collection: 'rents', data: { email, password } });
    assert.equal(login.user.email, email);
    assert.equal(typeof login.token, 'string');
    const auth = { headers: { Authorization: `JWT ${login.token}` } };
    const me = await sdk.me({ collection: 'rents' }, auth);
    assert.equal(view<{ user: { email: string } }>(me).user.email, email);

    const created = view<{ id: string; settings: { slug: string } }>(await sdk.create({ collection: 'products', data: { basic: { product_name: 'SDK vrtačka', location: 'Brno' }, additional: { price: 99, selectedTerm: 'terms-1' }, settings: { published: true } } }, auth));
    assert.match(created.id, /^[0-9a-f]{24}$/);
    assert.equal(created.settings.slug, 'sdk-vrtacka');

    const found = view<{ docs: { id: string; basic: { rent_owner: string } }[]; totalDocs: number }>(await sdk.find({ collection: 'products', where: { and: [{ 'basic.location': { equals: 'Brno' } }, { 'additional.price': { less_than: 100 } }] }, sort: '-createdAt', limit: 5, depth: 0 }, auth));
    assert.equal(found.totalDocs, 1);
    assert.equal(found.docs[0]?.id, created.id);
    assert.equal(found.docs[0]?.basic.rent_owner, login.user.id);
    assert.deepEqual(await sdk.count({ collection: 'products', where: { 'settings.published': { equals: true } } }), { totalDocs: 1 });
    const selected = view<{ docs: unknown[] }>(await sdk.find({ collection: 'products', select: { basic: { product_name: true }, additional: { price: true } } }, auth));
    assert.deepEqual(selected.docs, [{ id: created.id, basic: { product_name: 'SDK vrtačka' }, additional: { price: 99 } }]);

    const byId = view<{ basic: { rent_owner: { id: string } } }>(await sdk.findByID({ collection: 'products', id: created.id, depth: 1 }, auth));
    assert.equal(byId.basic.rent_owner.id, login.user.id);
    const updated = view<{ additional: { price: number } }>(await sdk.update({ collection: 'products', id: created.id, data: { additional: { price: 120 } } }, auth));
    assert.equal(updated.additional.price, 120);

    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: 'green' } }).png().toBuffer();
    const media = view<{ filename: string; alt: string; width: number }>(await sdk.create({ collection: 'rentMedia', data: { alt: 'From the SDK' }, file: new File([new Uint8Array(png)], 'zelená.png', { type: 'image/png' }) }, auth));
    assert.deepEqual([media.filename, media.alt, media.width], ['zelena.png', 'From the SDK', 30]);

    const deleted = view<{ id: string }>(await sdk.delete({ collection: 'products', id: created.id }, auth));
    assert.equal(deleted.id, created.id);
    await assert.rejects(sdk.findByID({ collection: 'products', id: created.id }, auth), (error: unknown) => {
      assert.ok(error instanceof PayloadSDKError);
      assert.equal(error.status, 404);
      return true;
    });
    const refreshed = view<{ refreshedToken: string; token: string }>(await sdk.refreshToken({ collection: 'rents' }, auth));
    assert.equal(refreshed.refreshedToken, refreshed.token);
  });

  it('lists without pagination, and updates and deletes by where, as Payload clients do', async () => {
    const { token, user } = await sdk.login({ collection: 'rents', data: { email, password } });
    const auth = { headers: { Authorization: `JWT ${token}` } };
    for (const name of ['Hromadná 1', 'Hromadná 2', 'Hromadná 3']) {
      await sdk.create({ collection: 'products', data: { basic: { product_name: name, location: 'Hromadov' } } }, auth);
    }
    const where = { 'basic.location': { equals: 'Hromadov' } };
    const whole = view<{ docs: unknown[]; totalDocs: number; totalPages: number }>(await sdk.find({ collection: 'products', where, pagination: false }, auth));
    assert.deepEqual([whole.docs.length, whole.totalDocs, whole.totalPages], [3, 3, 1]);

    const updated = view<{ docs: { settings: { published: boolean } }[]; errors: unknown[]; message: string }>(
      await sdk.update({ collection: 'products', where, data: { settings: { published: true } } }, auth),
    );
    assert.deepEqual(updated.docs.map((doc) => doc.settings.published), [true, true, true]);
    assert.deepEqual(updated.errors, []);
    assert.equal(updated.message, 'Updated 3 Products successfully.');
    assert.deepEqual(await sdk.count({ collection: 'products', where: { and: [where, { 'settings.published': { equals: true } }] } }), { totalDocs: 3 });

    const deleted = view<{ docs: { basic: { rent_owner: { id: string } } }[]; message: string }>(await sdk.delete({ collection: 'products', where }, auth));
    assert.equal(deleted.docs.length, 3);
    assert.equal(deleted.docs[0]?.basic.rent_owner.id, user.id);
    assert.equal(deleted.message, 'Deleted 3 Products successfully.');
    assert.deepEqual(await sdk.count({ collection: 'products', where }), { totalDocs: 0 });
  });

  it('surfaces validation errors with their fields', async () => {
    const { token } = await sdk.login({ collection: 'rents', data: { email, password } });
    await assert.rejects(sdk.create({ collection: 'products', data: { basic: {}, additional: { price: '5' } } }, { headers: { Authorization: `JWT ${token}` } }), (error: unknown) => {
      assert.ok(error instanceof PayloadSDKError);
      assert.equal(error.status, 400);
      assert.deepEqual(new Set(error.errors.map((e: { field?: string }) => e.field)), new Set(['basic.product_name', 'additional.price']));
      return true;
    });
  });

  it('lists, creates and deletes accounts as Payload clients do (an admin)', async () => {
    const adminEmail = 'sdk-admin@example.com';
    await server.createAccount({ email: adminEmail, password, admin: true, name: 'SDK správa' });
    const { token } = await sdk.login({ collection: 'rents', data: { email: adminEmail, password } });
    const auth = { headers: { Authorization: `JWT ${token}` } };
    const created = view<{ id: string; rentNameSystem: string }>(
      await sdk.create({ collection: 'rents', data: { email: 'sdk-new@example.com', password: 'a new password', rentNameSystem: 'SDK nová' } }, auth),
    );
    assert.equal(created.rentNameSystem, 'SDK nová');
    const found = view<{ docs: { id: string }[]; totalDocs: number }>(await sdk.find({ collection: 'rents', where: { rentNameSystem: { like: 'sdk nova' } } }));
    assert.deepEqual(found.docs.map((doc) => doc.id), [created.id]);
    assert.deepEqual(await sdk.count({ collection: 'rents', where: { rentNameSystem: { like: 'sdk' } } }), { totalDocs: 2 });
    const deleted = view<{ id: string }>(await sdk.delete({ collection: 'rents', id: created.id }, auth));
    assert.equal(deleted.id, created.id);
    await assert.rejects(sdk.findByID({ collection: 'rents', id: created.id }), (error: unknown) => error instanceof PayloadSDKError && error.status === 404);

    const batch = ['SDK dávka 1', 'SDK dávka 2'];
    for (const [i, name] of batch.entries()) await sdk.create({ collection: 'rents', data: { email: `sdk-batch-${i}@example.com`, password: 'a new password', rentNameSystem: name } }, auth);
    const where = { rentNameSystem: { like: 'sdk davka' } };
    const updated = view<{ docs: { basic: { rentalPhone?: string } }[]; errors: unknown[] }>(
      await sdk.update({ collection: 'rents', where, data: { basic: { rentalPhone: '+420 600 000 000' } } }, auth),
    );
    assert.deepEqual(updated.docs.map((doc) => doc.basic.rentalPhone), ['+420 600 000 000', '+420 600 000 000']);
    assert.deepEqual(updated.errors, []);
    const removed = view<{ docs: { rentNameSystem: string }[] }>(await sdk.delete({ collection: 'rents', where }, auth));
    assert.deepEqual(removed.docs.map((doc) => doc.rentNameSystem).sort(), batch);
    assert.deepEqual(await sdk.count({ collection: 'rents', where }), { totalDocs: 0 });
  });
});
