import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { RentalApiError, createRentalClient } from '../src/client/index.js';
import { generateClientTypes } from '../scripts/openapi-document.js';
import { startServer, type TestServer } from './helpers/server.js';

describe('typed client (src/client) against a started server', () => {
  let server: TestServer;
  const email = 'client@example.com';
  const password = 'correct horse battery';

  before(async () => {
    server = await startServer('sqlite');
    await server.createAccount({ email, password, terms: [{ id: 'day-terms' }] });
  });
  after(() => server.close());

  it('its generated types match the current OpenAPI document', async () => {
    const committed = readFileSync(new URL('../src/client/schema.d.ts', import.meta.url), 'utf8');
    assert.equal(await generateClientTypes(), committed, 'run `npm run client:generate`');
  });

  it('covers a whole session: login, me, products, actions, media, refresh, logout', async () => {
    const client = createRentalClient({ baseUrl: server.url });
    const login = await client.login(email, password);
    assert.equal(login.user.email, email);
    assert.equal((await client.me()).user?.email, email);

    const created = await client.createProduct({ basic: { product_name: 'Vrtačka', location: 'Brno' }, additional: { price: 200, selectedTerm: 'day-terms' } }, 'client-1');
    assert.equal(created.id, 'client-1');
    const generated = await client.createProduct({ basic: { product_name: 'Pila', location: 'Praha' }, additional: { price: 90 } });
    assert.match(generated.id, /^[0-9a-f]{24}$/);

    const published = await client.runAction('client-1', 'publish');
    assert.equal(published.settings.published, true);

    const cheapInBrno = await client.listProducts({
      where: { or: [{ 'basic.location': { equals: 'Brno' } }, { 'additional.price': { less_than: 100 } }], 'basic.product_name': { like: 'a' } },
      sort: '-additional.price',
    });
    assert.deepEqual(cheapInBrno.docs.map((doc) => doc.id), ['client-1', generated.id]);
    assert.equal((await client.countProducts({ q: 'vrtacka' })).totalDocs, 1);
    const names = await client.listProducts({ sort: 'id', select: { basic: { product_name: true } } });
    assert.deepEqual(names.docs, [{ id: generated.id, basic: { product_name: 'Pila' } }, { id: 'client-1', basic: { product_name: 'Vrtačka' } }]);

    const read = await client.getProduct('client-1', 0);
    assert.equal(read.basic.rent_owner, login.user.id);
    const updated = await client.updateProduct('client-1', { additional: { price: 250 } });
    assert.equal(updated.additional.price, 250);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'blue' } }).png().toBuffer();
    const media = await client.uploadMedia(new Blob([new Uint8Array(png)]), 'Modrá.png', 'Blue');
    assert.equal(media.filename, 'modra.png');
    assert.equal(media.width, 40);

    await assert.rejects(client.createProduct({ basic: { product_name: 'Dup' } }, 'client-1'), (error: unknown) => {
      assert.ok(error instanceof RentalApiError);
      assert.equal(error.status, 409);
      assert.equal(error.errors[0]?.field, 'id');
      return true;
    });

    const deleted = await client.deleteProduct(generated.id);
    assert.equal(deleted.id, generated.id);
    const before = client.token;
    await client.refresh();
    assert.notEqual(client.token, before);
    await client.logout();
    assert.equal((await client.me()).user, null);
  });

  it('exports and imports products', async () => {
    const client = createRentalClient({ baseUrl: server.url });
    await client.login(email, password);
    await client.createProduct({ basic: { product_name: 'Křovinořez' }, additional: { price: 1200 } }, 'client-file');
    const csv = await client.exportProducts({ where: { id: { equals: 'client-file' } } });
    assert.match(csv, /^id,internal_name,basic\.product_name,/);
    assert.ok(csv.includes('client-file,,Křovinořez,'));
    const same = await client.importProducts(new Blob([csv], { type: 'text/csv' }), { mode: 'upsert' });
    assert.deepEqual(same.totals, { rows: 1, created: 0, updated: 0, unchanged: 1, errors: 0 });
    const ndjson = await client.exportProducts({ format: 'ndjson', where: { id: { equals: 'client-file' } } });
    const copy = ndjson.replaceAll('client-file', 'client-copy').replace('"slug":"krovinorez"', '"slug":"krovinorez-kopie"');
    const created = await client.importProducts(new Blob([copy]), { format: 'ndjson', dryRun: true });
    assert.deepEqual(created.rows, [{ row: 1, id: 'client-copy', status: 'created', errors: [] }]);
    await assert.rejects(client.exportProducts({ sort: 'nope' }), (error: unknown) => error instanceof RentalApiError && error.status === 400 && error.errors[0]?.field === 'sort');
  });
});
