import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importFile, outcomes } from '../helpers/import-export.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { SseStream } from '../helpers/sse.js';
import { until } from '../helpers/until.js';

/**
 * A real import writes its new products in batches (one transaction each); what it writes and
 * reports is what writing the rows one by one, in file order, gives: derived slugs numbered in
 * row order within and across batches, a refused row taking no other down, a slug an earlier
 * row of the same batch takes refused, and the events recorded in row order.
 */
for (const dialect of dialects) {
  describe(`a real import of several batches writes as row by row would (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
    });
    after(() => server.close());

    it('numbers derived slugs, refuses bad rows and records events in row order', async () => {
      const stream = await SseStream.open(server.url, { token: owner.token });
      try {
        const lines = ['id,basic.product_name,settings.slug'];
        const expected: unknown[] = [];
        const slugs = new Map<string, string>();
        let stul = 0;
        for (let row = 1; row <= 250; row++) {
          if (row % 50 === 7) {
            lines.push(`b${row},,`); // no name: 400
            expected.push([row, 'error', 400, ['basic.product_name']]);
          } else if (row === 120) {
            lines.push(`b${row},Jiný,zidle-119`); // the slug row 119 takes, in the same batch
            expected.push([row, 'error', 409, ['settings.slug']]);
          } else if (row % 3 === 0) {
            lines.push(`b${row},Stůl,`);
            stul++;
            slugs.set(`b${row}`, stul === 1 ? 'stul' : `stul-${stul}`);
            expected.push([row, 'created', undefined, []]);
          } else {
            lines.push(`b${row},Židle ${row},zidle-${row}`);
            slugs.set(`b${row}`, `zidle-${row}`);
            expected.push([row, 'created', undefined, []]);
          }
        }
        const res = await importFile(server, `${lines.join('\n')}\n`, { token: owner.token });
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(outcomes(res.body), expected);
        assert.equal(res.body.totals.created, slugs.size);
        for (const [id, slug] of slugs) {
          const product = await server.http.get<{ settings: { slug: string } }>(`/api/products/${id}?depth=0`, owner.token);
          assert.equal(product.status, 200, id);
          assert.equal(product.body.settings.slug, slug, id);
        }
        const created = () => stream.events.filter((event) => event.event === 'product.created').map((event) => event.data.data.id as string);
        assert.ok(await until(() => created().length >= slugs.size, 20_000), `${created().length} events`);
        assert.deepEqual(created(), [...slugs.keys()]);
      } finally {
        await stream.close();
      }
    });
  });
}
