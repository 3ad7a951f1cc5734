import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import qs from 'qs';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

type Page = { docs: { id: string }[]; totalDocs: number; totalPages: number; page: number; hasNextPage: boolean };
interface Fixture {
  id: string;
  location: string;
  price: number | null;
  published: boolean;
}

const TOWNS = ['Brno', 'Praha'];
// Repeated prices (ties are ordered by id), a product without a price, unpublished ones.
const FIXTURES: Fixture[] = Array.from({ length: 36 }, (_, index) => ({
  id: `r${String(index).padStart(2, '0')}`,
  location: TOWNS[index % 2] as string,
  price: index % 9 === 4 ? null : (index * 37) % 11 * 50,
  published: index % 5 !== 3,
}));

type Bounds = Record<string, number>;
const HOLDS: Record<string, (price: number, bound: number) => boolean> = {
  greater_than: (price, bound) => price > bound,
  greater_than_equal: (price, bound) => price >= bound,
  less_than: (price, bound) => price < bound,
  less_than_equal: (price, bound) => price <= bound,
};

function expected(items: Fixture[], town: string, bounds: Bounds, descending: boolean): string[] {
  return items
    .filter((item) => item.published && item.location === town && item.price !== null && Object.entries(bounds).every(([op, bound]) => HOLDS[op]?.(item.price as number, bound)))
    .sort((a, b) => ((a.price as number) - (b.price as number) || (a.id < b.id ? -1 : 1)) * (descending ? -1 : 1))
    .map((item) => item.id);
}

for (const dialect of dialects) {
  describe(`lists bounded on the price they are sorted by (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    const items = FIXTURES.map((item) => ({ ...item }));

    const body = (item: Fixture) => ({ basic: { product_name: `Produkt ${item.id}`, location: item.location }, additional: item.price === null ? {} : { price: item.price }, settings: { published: item.published } });

    /** Every page of an anonymous bounded list, checked against the fixtures. */
    async function check(town: string, bounds: Bounds, descending: boolean): Promise<void> {
      const want = expected(items, town, bounds, descending);
      const where = { 'basic.location': { equals: town }, 'additional.price': bounds };
      for (let page = 1; page <= Math.max(1, Math.ceil(want.length / 4)); page++) {
        const res = await server.http.get<Page>(`/api/products?${qs.stringify({ where, sort: `${descending ? '-' : ''}additional.price`, limit: 4, page })}`);
        assert.equal(res.status, 200, res.text);
        const label = `${town} ${JSON.stringify(bounds)} ${descending ? 'desc' : 'asc'} page ${page}`;
        assert.deepEqual(res.body.docs.map((doc) => doc.id), want.slice((page - 1) * 4, page * 4), label);
        assert.equal(res.body.totalDocs, want.length, label);
        assert.equal(res.body.hasNextPage, page * 4 < want.length, label);
      }
    }

    const BOUNDS: Bounds[] = [
      { less_than: 300 },
      { less_than_equal: 300 },
      { greater_than: 100 },
      { greater_than_equal: 100, less_than: 400 },
      { greater_than: 250, less_than_equal: 250 },
      { less_than: -1 },
      { greater_than_equal: 0 },
      { less_than: 10_000, greater_than: 450 },
    ];

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      for (const item of items) {
        const res = await server.http.post(`/api/products/${item.id}`, body(item), owner.token);
        assert.equal(res.status, 201, res.text);
      }
    });
    after(() => server.close());

    it('pages every bound, in both orders, as filtering and sorting would', async () => {
      // The first bounds of a list are answered in SQL, the later ones from the listed run.
      for (const descending of [false, true]) {
        for (const town of TOWNS) {
          for (const bounds of BOUNDS) await check(town, bounds, descending);
        }
      }
    });

    it('sees every write at once', async () => {
      for (const bounds of BOUNDS.slice(0, 4)) await check('Brno', bounds, false);
      const added: Fixture = { id: 'r99', location: 'Brno', price: 125, published: true };
      assert.equal((await server.http.post(`/api/products/${added.id}`, body(added), owner.token)).status, 201);
      items.push(added);
      await check('Brno', { less_than: 300 }, false);
      const moved = items.find((item) => item.id === 'r00') as Fixture;
      assert.equal((await server.http.patch(`/api/products/${moved.id}`, { additional: { price: 999 } }, owner.token)).status, 200);
      moved.price = 999;
      for (const bounds of BOUNDS) await check('Brno', bounds, false);
      assert.equal((await server.http.delete(`/api/products/${added.id}`, owner.token)).status, 200);
      items.pop();
      for (const bounds of BOUNDS) await check('Brno', bounds, true);
    });
  });
}
