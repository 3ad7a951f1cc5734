import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Page = { docs: { id: string }[]; totalDocs: number; limit: number };

/** `pagination=false` answers with, and a bulk change changes, at most 1,000 products unless a limit bounds it. */
describe('pagination=false and bulk changes over more than 1,000 matches', () => {
  let server: TestServer;
  let owner: { id: string; token: string };
  const COUNT = 1001;

  before(async () => {
    server = await startServer('sqlite');
    owner = await server.signUp();
    for (let start = 0; start < COUNT; start += 50) {
      const batch = Array.from({ length: Math.min(50, COUNT - start) }, (_, index) =>
        server.http.post(`/api/products/u${start + index}`, { basic: { product_name: `Věc ${start + index}`, location: start + index < 1000 ? 'Brno' : 'Praha' } }, owner.token),
      );
      for (const res of await Promise.all(batch)) assert.equal(res.status, 201, res.text);
    }
  });
  after(() => server.close());

  it('pagination=false is a 400 naming pagination, and says to page', async () => {
    const res = await server.http.get<Page>('/api/products?pagination=false', owner.token);
    assert.equal(res.status, 400);
    assert.deepEqual(errorFields(res.body), ['pagination']);
    assert.match(res.text, /at most 1000 products and 1001 match/);
  });

  it('lists exactly 1,000 matches whole, and any number with a limit', async () => {
    const brno = await server.http.get<Page>('/api/products?pagination=false&depth=0&where[basic.location][equals]=Brno', owner.token);
    assert.equal(brno.status, 200, brno.text);
    assert.equal(brno.body.docs.length, 1000);
    assert.equal(brno.body.totalDocs, 1000);
    assert.equal(new Set(brno.body.docs.map((doc) => doc.id)).size, 1000);
    const limited = await server.http.get<Page>('/api/products?pagination=false&limit=100&page=11&sort=id&depth=0', owner.token);
    assert.equal(limited.status, 200, limited.text);
    assert.equal(limited.body.docs.length, 1);
  });

  it('a bulk change is a 400 naming where, changes nothing, and takes a limit', async () => {
    const all = await server.http.patch('/api/products?where[basic.location][exists]=true', { additional: { price: 5 } }, owner.token);
    assert.equal(all.status, 400);
    assert.deepEqual(errorFields(all.body), ['where']);
    assert.match(all.text, /More than 1000 products match/);
    const priced = await server.http.get<Page>('/api/products/count?where[additional.price][equals]=5', owner.token);
    assert.deepEqual(priced.body, { totalDocs: 0 });
    const limited = await server.http.patch<{ docs: { id: string }[] }>('/api/products?where[basic.location][exists]=true&limit=3&sort=id&depth=0', { additional: { price: 5 } }, owner.token);
    assert.equal(limited.status, 200, limited.text);
    assert.deepEqual(limited.body.docs.map((doc) => doc.id), ['u0', 'u1', 'u10']);
    assert.deepEqual((await server.http.get('/api/products/count?where[additional.price][equals]=5', owner.token)).body, { totalDocs: 3 });
  });
});
