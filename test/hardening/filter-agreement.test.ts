import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { databaseVariants, startServer, type TestServer } from '../helpers/server.js';
import { WORDS, accountFilter, productAt, productFilter, productPatch, type Where } from '../helpers/varied-catalogue.js';

/**
 * An access filter is applied twice over: compiled to SQL for lists and counts, and evaluated
 * in memory (domain/where/matches.ts) for single reads and writes. Property: for random read
 * filters over every kind of field and operator, a product is readable by id exactly when the
 * list shows it, and the count agrees. `FILTER_RUNS=2000 npm test` for the long run.
 */
const RUNS = Number(process.env.FILTER_RUNS ?? 200);

/**
 * Under each filter of `filters` (the read rule's answer), after an optional change made
 * through the API first (so that caches must follow it): every id is readable on its own
 * exactly when the list shows it, and the count agrees with the list.
 */
async function assertAgreement(
  server: TestServer,
  setRule: (where: Where) => void,
  filters: fc.Arbitrary<Where>,
  path: string,
  ids: string[],
  options: { query?: string; changes?: fc.Arbitrary<(() => Promise<void>) | null> } = {},
): Promise<void> {
  const query = options.query ?? '';
  await fc.assert(
    fc.asyncProperty(filters, options.changes ?? fc.constant(null), async (where, change) => {
      await change?.();
      setRule(where);
      const list = await server.http.get<{ docs: { id: string }[]; totalDocs: number }>(`${path}?limit=100${query}`);
      assert.equal(list.status, 200, list.text);
      const listed = new Set(list.body.docs.map((doc) => doc.id));
      const count = await server.http.get<{ totalDocs: number }>(`${path}/count`);
      assert.equal(count.body.totalDocs, listed.size, 'count and list');
      const reads = await Promise.all(ids.map((id) => server.http.get(`${path}/${id}${query.replace('&', '?')}`)));
      for (const [i, id] of ids.entries()) {
        const status = reads[i]?.status;
        assert.equal(status, listed.has(id) ? 200 : 404, `${id} under ${JSON.stringify(where)}: listed ${listed.has(id)}, read ${status}`);
      }
    }),
    { numRuns: RUNS },
  );
}

/** The ids in the order SQLite, JavaScript and code points agree on. */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

for (const variant of databaseVariants) {
  describe(`access filters in SQL and in memory agree (${variant.name})`, () => {
    let server: TestServer;
    let current: Where = {};
    let currentAccounts: Where = {};
    let owner: { token: string };
    const ids: string[] = [];
    /** A PATCH of one product's filterable fields, half the time; what it sets comes from the same pools. */
    const productChanges = fc.option(
      fc.tuple(fc.nat(23), productPatch).map(([i, patch]) => async () => {
        current = {}; // the change is not what the property is about: every product may be changed
        const res = await server.http.patch(`/api/products/p-${i}`, patch, owner.token);
        assert.equal(res.status, 200, res.text);
      }),
      { freq: 2 },
    );

    before(async () => {
      server = await startServer(variant.dialect, (config) => {
        config.access.products.read = () => current;
        config.access.rents.read = () => currentAccounts;
      }, { postgresDatabase: variant.postgresDatabase });
      owner = await server.signUp();
      for (let i = 0; i < 24; i++) {
        const id = `p-${i}`;
        const res = await server.http.post(`/api/products/${id}`, productAt(i), owner.token);
        assert.equal(res.status, 201, res.text);
        ids.push(id);
      }
    });
    after(() => server.close());

    it('a product is readable by id exactly when the list and the count show it', async () => {
      await assertAgreement(server, (where) => (current = where), productFilter, '/api/products', ids, { query: '&depth=0', changes: productChanges });
    });

    it('an account is readable by id exactly when the list and the count show it', async () => {
      const accounts: string[] = [];
      for (const [i, name] of WORDS.entries()) accounts.push(await server.createAccount({ email: `agree-${i}@example.com`, name }));
      await assertAgreement(server, (where) => (currentAccounts = where), accountFilter, '/api/rents', accounts);
    });

    it('sorts text by code point', async () => {
      current = {};
      for (const [sort, key] of [['basic.product_name', 'product_name'], ['internal_name', 'internal_name'], ['-basic.location', 'location']] as const) {
        const res = await server.http.get<{ docs: { id: string; internal_name?: string; basic: Record<string, string | undefined> }[] }>(`/api/products?limit=100&depth=0&sort=${sort}`);
        assert.equal(res.status, 200, res.text);
        const values = res.body.docs.map((doc) => (key === 'internal_name' ? doc.internal_name : doc.basic[key])).filter((value): value is string => value !== undefined);
        const expected = [...values].sort(byCodePoint);
        assert.deepEqual(values, sort.startsWith('-') ? expected.reverse() : expected, sort);
      }
    });
  });
}
