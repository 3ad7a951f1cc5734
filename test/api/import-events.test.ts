import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { exportBytes, importFile, outcomes } from '../helpers/import-export.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { SseStream } from '../helpers/sse.js';
import { until } from '../helpers/until.js';

/**
 * An import writes through the same repository writes as POST /api/products/:id, so each row
 * it writes records its events (SPEC 11) and nothing else does: not a dry run, not an
 * unchanged row, not a refused row. An atomic import taken back records the taking back.
 */
for (const dialect of dialects) {
  describe(`POST /api/products/import records the events of what it writes (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let stream: SseStream;
    const seen = () => stream.events.map((event) => `${event.event}:${event.data.data.id ?? event.data.data.product}`);

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      stream = await SseStream.open(server.url, { token: owner.token });
      assert.equal(stream.status, 200);
    });
    after(async () => {
      await stream.close();
      await server.close();
    });

    it('one product.created (and reservation.created) per written row; none for a dry run or a refused row', async () => {
      const file = [
        'id,basic.product_name,additional.price,availability.reservationDates',
        'ev1,Vrtačka,100,',
        'ev2,Pila,,"[{""id"":""r1"",""from"":""2026-12-01"",""to"":""2026-12-03""}]"',
        'ev3,,10,',
      ].join('\r\n');
      const dry = await importFile(server, file, { token: owner.token, query: 'dryRun=true' });
      assert.deepEqual(outcomes(dry.body), [[1, 'created', undefined, []], [2, 'created', undefined, []], [3, 'error', 400, ['basic.product_name']]]);
      const real = await importFile(server, file, { token: owner.token });
      assert.deepEqual(outcomes(real.body), outcomes(dry.body));
      assert.ok(await until(() => stream.events.length >= 3, 10_000), seen().join());
      await new Promise((done) => setTimeout(done, 300));
      assert.deepEqual(seen(), ['product.created:ev1', 'product.created:ev2', 'reservation.created:ev2']);
    });

    it('an upsert records product.updated for a changed row and nothing for an unchanged one', async () => {
      const lines = (await exportBytes(server, 'format=ndjson&sort=id', owner.token)).toString('utf8').trim().split('\n');
      const changed = lines.map((line) => JSON.parse(line) as { id: string; additional: { price?: number } });
      (changed[1] as { additional: { price?: number } }).additional.price = 250;
      const res = await importFile(server, changed.map((doc) => JSON.stringify(doc)).join('\n'), { token: owner.token, type: 'application/x-ndjson', query: 'mode=upsert' });
      assert.deepEqual(outcomes(res.body), [[1, 'unchanged', undefined, []], [2, 'updated', undefined, []]]);
      assert.ok(await until(() => stream.events.length >= 4, 10_000), seen().join());
      await new Promise((done) => setTimeout(done, 300));
      assert.deepEqual(seen().slice(3), ['product.updated:ev2']);
      assert.equal(stream.events.at(-1)?.data.data.additional.price, 250);
    });

    it('an atomic import refused by its check writes and records nothing', async () => {
      // The second row takes the slug the first would take: the check sees it, so no row is written.
      const file = ['id,basic.product_name,settings.slug', 'at1,Stan,stan-import', 'at2,Stan,stan-import'].join('\n');
      const res = await importFile(server, file, { token: owner.token, query: 'atomic=true' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.committed, false);
      assert.deepEqual(outcomes(res.body), [[1, 'created', undefined, []], [2, 'error', 409, ['settings.slug']]]);
      await new Promise((done) => setTimeout(done, 500));
      assert.deepEqual(seen().slice(4), []);
      assert.equal((await server.http.get('/api/products/at1', owner.token)).status, 404);
    });
  });
}

for (const dialect of dialects) {
  describe(`an atomic import whose write fails records the rows it wrote and their taking back (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    /** beforeChange runs in the check and again in the write: the second time, the row named "Selže" fails. */
    const calls = new Map<string, number>();

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.hooks.products.beforeChange = ({ data }) => {
          const name = (data.basic as { product_name?: string } | undefined)?.product_name ?? '';
          calls.set(name, (calls.get(name) ?? 0) + 1);
          if (name === 'Selže' && calls.get(name) === 2) throw Object.assign(new Error('Sklad je nedostupný.'), { status: 409, field: 'basic.product_name' });
        };
      });
      owner = await server.signUp();
    });
    after(() => server.close());

    it('product.created for each written row, then product.deleted for each, newest first', async () => {
      const stream = await SseStream.open(server.url, { token: owner.token });
      try {
        const res = await importFile(server, ['id,basic.product_name', 'rb1,Nový', 'rb2,Další', 'rb3,Selže'].join('\n'), { token: owner.token, query: 'atomic=true' });
        assert.equal(res.body.committed, false, res.text);
        assert.deepEqual(outcomes(res.body), [[1, 'created', undefined, []], [2, 'created', undefined, []], [3, 'error', 409, ['basic.product_name']]]);
        const types = () => stream.events.map((event) => `${event.event}:${event.data.data.id}`);
        assert.ok(await until(() => stream.events.length >= 4, 10_000), types().join());
        await new Promise((done) => setTimeout(done, 300));
        assert.deepEqual(types(), ['product.created:rb1', 'product.created:rb2', 'product.deleted:rb2', 'product.deleted:rb1']);
      } finally {
        await stream.close();
      }
    });
  });
}
