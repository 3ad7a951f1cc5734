import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { dialects, startServer, type DialectName, type TestServer } from '../helpers/server.js';

/**
 * An access filter is applied twice over: compiled to SQL for lists and counts, and evaluated
 * in memory (domain/where/matches.ts) for single reads and writes. Property: for random read
 * filters over every kind of field and operator, a product is readable by id exactly when the
 * list shows it, and the count agrees. `FILTER_RUNS=2000 npm test` for the long run.
 */
const RUNS = Number(process.env.FILTER_RUNS ?? 200);

const WORDS = ['Vrtačka', 'vrtacka', 'VRTAČKA BOSCH', 'apple', 'Banana', 'banana split', 'Émile', 'emile', 'Zebra', 'straße', 'STRASSE', 'İstanbul', 'istanbul', '10', '9', 'a_b', 'a%b', 'Ölmühle', '日本', '😀 smile', 'Z'];
const NUMBERS = [0, 0.5, 5, 10, 99.99, 100, 1e6];
const UNITS = ['hour', 'day', 'week', 'month', 'year'];
const TEXT_FIELDS = ['internal_name', 'basic.product_name', 'basic.location', 'basic.product_desc', 'settings.slug', 'additional.time_unit', 'id'];
const NUMBER_FIELDS = ['additional.price', 'additional.caution'];
const COMPARE = ['equals', 'not_equals', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'] as const;

type Where = Record<string, unknown>;

function productAt(i: number): Record<string, unknown> {
  const pick = <T>(list: T[], k: number): T => list[(i * k + 3) % list.length] as T;
  const maybe = <T>(value: T, k: number): T | undefined => ((i + k) % 4 === 0 ? undefined : value);
  const basic: Record<string, unknown> = { product_name: pick(WORDS, 7), product_desc: `${pick(WORDS, 5)} ${pick(WORDS, 11)}` };
  const location = maybe(pick(WORDS, 3), 1);
  if (location !== undefined) basic.location = location;
  const additional: Record<string, unknown> = {};
  for (const [key, value] of [['price', maybe(pick(NUMBERS, 3), 2)], ['caution', maybe(pick(NUMBERS, 5), 3)], ['time_unit', maybe(pick(UNITS, 1), 0)]] as const) {
    if (value !== undefined) additional[key] = value;
  }
  const internal = maybe(pick(WORDS, 13), 2);
  return { ...(internal !== undefined ? { internal_name: internal } : {}), basic, additional, settings: { published: i % 3 !== 0 } };
}

const text = fc.constantFrom(...WORDS, '', 'vrt', 'BOSCH', 'ana', 'mile', 'p-1', 'p-2');
const textLeafOn = (fields: string[]) => fc.tuple(fc.constantFrom(...fields), fc.oneof(
  { arbitrary: fc.tuple(fc.constantFrom(...COMPARE), text), weight: 3 },
  { arbitrary: fc.tuple(fc.constantFrom('in', 'not_in'), fc.array(text, { minLength: 1, maxLength: 3 })), weight: 2 },
  { arbitrary: fc.tuple(fc.constantFrom('like', 'contains'), text.filter((value) => value.trim() !== '')), weight: 4 },
  { arbitrary: fc.tuple(fc.constant('exists'), fc.boolean()), weight: 1 },
)).map(([field, [op, value]]): Where => ({ [field]: { [op]: value } }));
const textLeaf = textLeafOn(TEXT_FIELDS);
const numberLeaf = fc.tuple(fc.constantFrom(...NUMBER_FIELDS), fc.oneof(
  fc.tuple(fc.constantFrom(...COMPARE), fc.constantFrom(...NUMBERS, 7, -1)),
  fc.tuple(fc.constantFrom('in', 'not_in'), fc.array(fc.constantFrom(...NUMBERS), { minLength: 1, maxLength: 3 })),
  fc.tuple(fc.constant('exists'), fc.boolean()),
)).map(([field, [op, value]]): Where => ({ [field]: { [op]: value } }));
const publishedLeaf = fc.tuple(fc.constantFrom('equals', 'not_equals'), fc.boolean()).map(([op, value]): Where => ({ 'settings.published': { [op]: value } }));
const dateLeaf = fc.tuple(fc.constantFrom(...COMPARE), fc.constantFrom('2020-01-01', '2100-01-01T00:00:00.000Z')).map(([op, value]): Where => ({ createdAt: { [op]: value } }));

/** `and` / `or` trees of leaves, mostly shallow. */
function treesOf(leaf: fc.Arbitrary<Where>): fc.Arbitrary<Where> {
  const { filter } = fc.letrec((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { arbitrary: leaf, weight: 4 },
      { arbitrary: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((children): Where => ({ and: children })), weight: 1 },
      { arbitrary: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((children): Where => ({ or: children })), weight: 1 },
    ),
  }));
  return filter as fc.Arbitrary<Where>;
}

const productFilter = treesOf(fc.oneof({ arbitrary: textLeaf, weight: 5 }, { arbitrary: numberLeaf, weight: 3 }, { arbitrary: publishedLeaf, weight: 1 }, { arbitrary: dateLeaf, weight: 1 }));
const accountFilter = treesOf(fc.oneof(
  { arbitrary: textLeafOn(['id', 'rentNameSystem']), weight: 4 },
  { arbitrary: fc.tuple(fc.constantFrom('createdAt', 'updatedAt'), dateLeaf).map(([field, leaf]): Where => ({ [field]: leaf.createdAt })), weight: 1 },
));

/**
 * Under each filter of `filters` (the read rule's answer): every id is readable on its own
 * exactly when the list shows it, and the count agrees with the list.
 */
async function assertAgreement(server: TestServer, setRule: (where: Where) => void, filters: fc.Arbitrary<Where>, path: string, ids: string[], query = ''): Promise<void> {
  await fc.assert(
    fc.asyncProperty(filters, async (where) => {
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

/**
 * Every database of the suite, and PostgreSQL once more on a database whose default collation
 * is a language's (ICU's en-US, where `apple` sorts before `Banana`), as many installations
 * create them: the service compares text by code point there too.
 */
const variants: { name: string; dialect: DialectName; postgresDatabase?: string }[] = [
  ...dialects.map((dialect) => ({ name: dialect, dialect })),
  ...(process.env.TEST_POSTGRES_URL
    ? [{ name: 'postgres, en-US collation', dialect: 'postgres' as const, postgresDatabase: "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'" }]
    : []),
];

/** The ids in the order SQLite, JavaScript and code points agree on. */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

for (const variant of variants) {
  describe(`access filters in SQL and in memory agree (${variant.name})`, () => {
    let server: TestServer;
    let current: Where = {};
    let currentAccounts: Where = {};
    const ids: string[] = [];

    before(async () => {
      server = await startServer(variant.dialect, (config) => {
        config.access.products.read = () => current;
        config.access.rents.read = () => currentAccounts;
      }, { postgresDatabase: variant.postgresDatabase });
      const owner = await server.signUp();
      for (let i = 0; i < 24; i++) {
        const id = `p-${i}`;
        const res = await server.http.post(`/api/products/${id}`, productAt(i), owner.token);
        assert.equal(res.status, 201, res.text);
        ids.push(id);
      }
    });
    after(() => server.close());

    it('a product is readable by id exactly when the list and the count show it', async () => {
      await assertAgreement(server, (where) => (current = where), productFilter, '/api/products', ids, '&depth=0');
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
