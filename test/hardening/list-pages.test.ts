import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { databaseVariants, type TestServer } from '../helpers/server.js';
import { catalogueServer, NUMBERS, productFilter, productPatch, type Where } from '../helpers/varied-catalogue.js';

/**
 * Lists are served from cached id lists, runs of them for bounds on the sorted number, and
 * pages cut from those. Property: for random filters, sorts and page sizes, each after a
 * random PATCH half the time, the whole list is in the order its sort says (NULLs first
 * ascending, last descending, text by code point, ties by id in the first key's direction),
 * every page is the matching slice of it, the envelope's numbers say so, and the count agrees.
 * `LIST_RUNS=2000 npm test` for the long run.
 */
const RUNS = Number(process.env.LIST_RUNS ?? 150);
const PRODUCTS = 24;

type Doc = { id: string; createdAt: string; updatedAt: string; internal_name?: string; basic: Record<string, unknown>; additional: Record<string, unknown>; settings: Record<string, unknown> };
type Page = { docs: Doc[]; totalDocs: number; limit: number; totalPages: number; page: number; pagingCounter: number; hasPrevPage: boolean; hasNextPage: boolean; prevPage: number | null; nextPage: number | null };

const SORTABLE: Record<string, (doc: Doc) => unknown> = {
  id: (doc) => doc.id,
  createdAt: (doc) => doc.createdAt,
  updatedAt: (doc) => doc.updatedAt,
  internal_name: (doc) => doc.internal_name,
  'basic.product_name': (doc) => doc.basic.product_name,
  'basic.location': (doc) => doc.basic.location,
  'additional.price': (doc) => doc.additional.price,
  'additional.caution': (doc) => doc.additional.caution,
  'settings.slug': (doc) => doc.settings.slug,
};

/** Ascending order of two values of one field: absent first, then numbers or code points. */
function ascending(a: unknown, b: unknown): number {
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : -1;
  if (b === undefined || b === null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order a sort text such as `-additional.price,internal_name` asks for, ties by id. */
function comparatorOf(sort: string[]): (a: Doc, b: Doc) => number {
  const keys = sort.map((key) => ({ value: SORTABLE[key.replace(/^-/, '')]!, descending: key.startsWith('-') }));
  const tie = { value: SORTABLE.id!, descending: keys[0]?.descending ?? false };
  return (a, b) => {
    for (const { value, descending } of [...keys, tie]) {
      const order = ascending(value(a), value(b));
      if (order !== 0) return descending ? -order : order;
    }
    return 0;
  };
}

const sortArb = fc.uniqueArray(fc.constantFrom(...Object.keys(SORTABLE)), { minLength: 1, maxLength: 2 }).chain((keys) =>
  fc.tuple(...keys.map((key) => fc.boolean().map((descending) => (descending ? `-${key}` : key)))),
);
/** Bounds on the price, sorted by the price first: the lists cut as runs of one cached list. */
const priceRun = fc.tuple(
  fc.array(fc.tuple(fc.constantFrom('greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'), fc.constantFrom(...NUMBERS, 7)), { minLength: 1, maxLength: 2 }),
  fc.option(productFilter, { freq: 3 }),
  fc.boolean(),
).map(([bounds, rest, descending]): { where: Where; sort: string[] } => ({
  where: { and: [...bounds.map(([op, value]) => ({ 'additional.price': { [op]: value } })), ...(rest ? [rest] : [])] },
  sort: [descending ? '-additional.price' : 'additional.price'],
}));
const listArb = fc.oneof(
  fc.tuple(fc.option(productFilter, { freq: 4 }), sortArb).map(([where, sort]) => ({ where: where ?? undefined, sort })),
  priceRun,
);

for (const variant of databaseVariants) {
  describe(`list pages are slices of one ordered list (${variant.name})`, () => {
    let server: TestServer;
    let token: string;

    before(async () => {
      ({ server, token } = await catalogueServer(variant, PRODUCTS));
    });
    after(() => server.close());

    it('orders, pages and counts every list as its sort and filter say', async () => {
      const change = fc.option(fc.tuple(fc.nat(PRODUCTS - 1), productPatch), { freq: 2 });
      await fc.assert(
        fc.asyncProperty(listArb, fc.integer({ min: 1, max: 7 }), change, async ({ where, sort }, limit, patch) => {
          if (patch) {
            const [i, body] = patch;
            const res = await server.http.patch(`/api/products/p-${i}`, body, token);
            assert.equal(res.status, 200, res.text);
          }
          const filter = where ? `&where=${encodeURIComponent(JSON.stringify(where))}` : '';
          const at = `sort=${sort.join(',')}${filter}`;
          const whole = await server.http.get<Page>(`/api/products?limit=100&depth=0&${at}`, token);
          assert.equal(whole.status, 200, whole.text);
          const docs = whole.body.docs;
          const compare = comparatorOf(sort);
          for (let i = 1; i < docs.length; i++) {
            assert.ok(compare(docs[i - 1]!, docs[i]!) < 0, `${docs[i - 1]!.id} before ${docs[i]!.id} under sort=${sort.join(',')}`);
          }
          assert.equal(whole.body.totalDocs, docs.length);
          const count = await server.http.get<{ totalDocs: number }>(`/api/products/count?${filter.slice(1)}`, token);
          assert.equal(count.body.totalDocs, docs.length, 'count');

          const totalPages = Math.max(1, Math.ceil(docs.length / limit));
          for (let page = 1; page <= totalPages + 1; page++) {
            const res = await server.http.get<Page>(`/api/products?limit=${limit}&page=${page}&depth=0&${at}`, token);
            assert.equal(res.status, 200, res.text);
            const { docs: slice, ...envelope } = res.body;
            assert.deepEqual(slice.map((doc) => doc.id), docs.slice((page - 1) * limit, page * limit).map((doc) => doc.id), `page ${page} of ${limit}`);
            assert.deepEqual(envelope, {
              totalDocs: docs.length,
              limit,
              totalPages,
              page,
              pagingCounter: (page - 1) * limit + 1,
              hasPrevPage: page > 1,
              hasNextPage: page < totalPages,
              prevPage: page > 1 ? page - 1 : null,
              nextPage: page < totalPages ? page + 1 : null,
            });
          }
        }),
        { numRuns: RUNS },
      );
    });
  });
}
