import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { AccessFunction } from '../../src/config/types.js';
import { startServer, type TestServer } from '../helpers/server.js';

type Product = { id: string; additional: { price?: number }; basic: { location?: string }; availability: { reservationDates: unknown[] } };

/**
 * SPEC 6: access functions get `{user, id, data, doc, action}`. A change's rule gets the
 * request's data (a PATCH's body, an action's arguments), so that a rule can guard a field:
 * here owners may change anything but the price.
 */
describe('access rules of changes get the request data', () => {
  let server: TestServer;
  let owner: { id: string; token: string };
  const seen: { rule: string; data: unknown }[] = [];
  const noPrice: AccessFunction = ({ user, data }) => !!user && (data as { additional?: { price?: unknown } } | undefined)?.additional?.price === undefined;
  const recorded = (rule: string): AccessFunction => ({ user, data }) => {
    seen.push({ rule, data });
    return !!user && (data as { alt?: unknown; description?: unknown } | undefined)?.description !== 'forbidden' && (data as { alt?: unknown } | undefined)?.alt !== 'forbidden';
  };

  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.access.products.update = noPrice;
      config.access.products.actions = { ...config.access.products.actions, reserve: ({ user, data }) => !!user && (data as { note?: unknown } | undefined)?.note !== 'forbidden' };
      config.access.webhooks.update = recorded('webhooks');
      config.access.rentMedia.update = recorded('media');
      config.webhooks.allowPrivateAddresses = true;
    });
    owner = await server.signUp();
    const created = await server.http.post('/api/products/guarded', { basic: { product_name: 'Vrtačka', rent_owner: owner.id }, additional: { price: 100 } }, owner.token);
    assert.equal(created.status, 201, created.text);
  });
  after(() => server.close());

  it('PATCH: a rule on the data refuses the price and lets the rest through', async () => {
    const refused = await server.http.patch('/api/products/guarded', { additional: { price: 1 } }, owner.token);
    assert.equal(refused.status, 403, refused.text);
    const allowed = await server.http.patch<Product>('/api/products/guarded', { basic: { location: 'Brno' } }, owner.token);
    assert.equal(allowed.status, 200, allowed.text);
    const bulk = await server.http.patch<{ docs: Product[]; errors: unknown[] }>('/api/products?where[id][equals]=guarded', { additional: { price: 2 } }, owner.token);
    assert.equal(bulk.body.docs.length, 0, bulk.text);
    const stored = await server.http.get<Product>('/api/products/guarded', owner.token);
    assert.equal(stored.body.additional.price, 100, 'the price was never changed');
    assert.equal(stored.body.basic.location, 'Brno');
  });

  it("an action's rule gets its arguments", async () => {
    const refused = await server.http.post('/api/products/guarded', { action: 'reserve', from: '2027-03-01', to: '2027-03-02', note: 'forbidden' }, owner.token);
    assert.equal(refused.status, 403, refused.text);
    const allowed = await server.http.post<Product>('/api/products/guarded', { action: 'reserve', from: '2027-03-01', to: '2027-03-02', note: 'ok' }, owner.token);
    assert.equal(allowed.status, 200, allowed.text);
    assert.equal(allowed.body.availability.reservationDates.length, 1);
  });

  it('webhooks and media: the PATCH body is the data', async () => {
    const hook = await server.http.post<{ doc: { id: string } }>('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['product.updated'] }, owner.token);
    assert.equal(hook.status, 201, hook.text);
    assert.equal((await server.http.patch(`/api/webhooks/${hook.body.doc.id}`, { description: 'forbidden' }, owner.token)).status, 403);
    assert.equal((await server.http.patch(`/api/webhooks/${hook.body.doc.id}`, { description: 'shop' }, owner.token)).status, 200);
    const form = new FormData();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const media = await server.http.request<{ doc: { id: string } }>('POST', '/api/rentMedia', { raw: form, token: owner.token });
    assert.equal(media.status, 201, media.text);
    assert.equal((await server.http.patch(`/api/rentMedia/${media.body.doc.id}`, { alt: 'forbidden' }, owner.token)).status, 403);
    assert.equal((await server.http.patch(`/api/rentMedia/${media.body.doc.id}`, { alt: 'Vrtačka' }, owner.token)).status, 200);
    assert.deepEqual(
      seen.map(({ rule, data }) => [rule, data]),
      [
        ['webhooks', { description: 'forbidden' }],
        ['webhooks', { description: 'shop' }],
        ['media', { alt: 'forbidden' }],
        ['media', { alt: 'Vrtačka' }],
      ],
    );
  });
});
