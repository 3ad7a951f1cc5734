import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { databaseVariants, type TestServer } from '../helpers/server.js';
import { catalogueServer, productPatch, WORDS, type Where } from '../helpers/varied-catalogue.js';

/**
 * `q` runs on the folded search text through the full-text index (SQLite's FTS5 trigrams for
 * words of three characters or more, `LIKE` for shorter ones; PostgreSQL's trigram index),
 * `like` on each field's own folded text. Property: for random search texts, each after a
 * random change of a product's name, description or location half the time, `q` finds
 * exactly the products in which every word is `like` the name, the description or the
 * location. `SEARCH_RUNS=2000 npm test` for the long run.
 */
const RUNS = Number(process.env.SEARCH_RUNS ?? 150);
const PRODUCTS = 24;
const FIELDS = ['basic.product_name', 'basic.product_desc', 'basic.location'];

const word = fc.oneof(
  { arbitrary: fc.constantFrom(...WORDS), weight: 3 },
  { arbitrary: fc.constantFrom('vrt', 'ačk', 'BOSCH', 'ana', 'an', 'a', 'mile', 'ß', 'ss', 'str', '日', '😀', '%', '_', 'a%b', 'a_b', '\\', '"', "'", 'zz9', 'a😀', '😀b'), weight: 3 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 4 }), weight: 1 },
);
const searchText = fc.array(word, { minLength: 1, maxLength: 2 }).map((words) => words.join(' '));
const textPatch: fc.Arbitrary<Where> = fc.oneof(
  productPatch,
  fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 3 }).map((words): Where => ({ basic: { product_desc: words.join(' ') } })),
);

/** The same question in the `where` language: every word in one of the searched fields. */
function asWhere(text: string): Where | undefined {
  const words = text.split(/\s+/u).filter((part) => part !== '');
  if (words.length === 0) return undefined;
  return { and: words.map((part) => ({ or: FIELDS.map((field) => ({ [field]: { like: part } })) })) };
}

for (const variant of databaseVariants) {
  describe(`q search and like agree (${variant.name})`, () => {
    let server: TestServer;
    let token: string;

    before(async () => {
      ({ server, token } = await catalogueServer(variant, PRODUCTS));
    });
    after(() => server.close());

    it('q finds exactly the products where every word is like a searched field', async () => {
      const change = fc.option(fc.tuple(fc.nat(PRODUCTS - 1), textPatch), { freq: 2 });
      await fc.assert(
        fc.asyncProperty(searchText, change, async (text, patch) => {
          if (patch) {
            const res = await server.http.patch(`/api/products/p-${patch[0]}`, patch[1], token);
            assert.equal(res.status, 200, res.text);
          }
          const where = asWhere(text);
          fc.pre(where !== undefined);
          const ids = async (query: string) => {
            const res = await server.http.get<{ docs: { id: string }[] }>(`/api/products?limit=100&depth=0&sort=id&${query}`, token);
            assert.equal(res.status, 200, `${query}: ${res.text}`);
            return res.body.docs.map((doc) => doc.id);
          };
          const searched = await ids(`q=${encodeURIComponent(text)}`);
          const liked = await ids(`where=${encodeURIComponent(JSON.stringify(where))}`);
          assert.deepEqual(searched, liked, `q=${JSON.stringify(text)}`);
          const count = await server.http.get<{ totalDocs: number }>(`/api/products/count?q=${encodeURIComponent(text)}`, token);
          assert.equal(count.body.totalDocs, searched.length, 'count');
        }),
        { numRuns: RUNS },
      );
    });
  });
}
