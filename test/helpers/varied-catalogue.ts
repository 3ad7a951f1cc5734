import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startServer, type DatabaseVariant, type TestServer } from './server.js';

/**
 * A small catalogue whose texts differ in case, accents and script, with every optional field
 * missing from some products, and random `where` filters over it: for the property tests
 * that compare the service's answers with each other.
 */
export const WORDS = ['Vrtačka', 'vrtacka', 'VRTAČKA BOSCH', 'apple', 'Banana', 'banana split', 'Émile', 'emile', 'Zebra', 'straße', 'STRASSE', 'İstanbul', 'istanbul', '10', '9', 'a_b', 'a%b', 'Ölmühle', 'ΟΔΟΣ', 'οδός', 'Αθήνα', 'αθηνα', 'Ёлка', 'елка', '日本', '😀 smile', 'a😀b', 'Z'];
export const NUMBERS = [0, 0.5, 5, 10, 99.99, 100, 1e6];
const UNITS = ['hour', 'day', 'week', 'month', 'year'];
const TEXT_FIELDS = ['internal_name', 'basic.product_name', 'basic.location', 'basic.product_desc', 'settings.slug', 'additional.time_unit', 'id'];
const NUMBER_FIELDS = ['additional.price', 'additional.caution'];
const COMPARE = ['equals', 'not_equals', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'] as const;

export type Where = Record<string, unknown>;

/** The `i`th product's body: a function of `i` alone. */
export function productAt(i: number): Record<string, unknown> {
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

const text = fc.constantFrom(...WORDS, '', 'vrt', 'BOSCH', 'ana', 'mile', 'p-1', 'p-2', 'ΟΔΟΣ', 'οδος', 'θην', 'ЁЛ');
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

export const productFilter = treesOf(fc.oneof({ arbitrary: textLeaf, weight: 5 }, { arbitrary: numberLeaf, weight: 3 }, { arbitrary: publishedLeaf, weight: 1 }, { arbitrary: dateLeaf, weight: 1 }));
export const accountFilter = treesOf(fc.oneof(
  { arbitrary: textLeafOn(['id', 'rentNameSystem']), weight: 4 },
  { arbitrary: fc.tuple(fc.constantFrom('createdAt', 'updatedAt'), dateLeaf).map(([field, leaf]): Where => ({ [field]: leaf.createdAt })), weight: 1 },
));

/** A change of one filterable field, to a value of the pools or away (`null`). */
export const productPatch: fc.Arbitrary<Where> = fc.oneof(
  fc.option(fc.constantFrom(...WORDS)).map((value): Where => ({ internal_name: value })),
  fc.option(fc.constantFrom(...WORDS)).map((value): Where => ({ basic: { location: value } })),
  fc.constantFrom(...WORDS).map((value): Where => ({ basic: { product_name: value } })),
  fc.option(fc.constantFrom(...NUMBERS)).map((value): Where => ({ additional: { price: value } })),
  fc.option(fc.constantFrom(...UNITS)).map((value): Where => ({ additional: { time_unit: value } })),
  fc.boolean().map((value): Where => ({ settings: { published: value } })),
);

/** A server on `variant` with `count` published products `p-0`, `p-1`… of one owner, whose token it returns. */
export async function catalogueServer(variant: DatabaseVariant, count: number): Promise<{ server: TestServer; token: string }> {
  const server = await startServer(variant.dialect, () => {}, { postgresDatabase: variant.postgresDatabase });
  const { token } = await server.signUp();
  for (let i = 0; i < count; i++) {
    const res = await server.http.post(`/api/products/p-${i}`, { ...productAt(i), settings: { published: true } }, token);
    assert.equal(res.status, 201, res.text);
  }
  return { server, token };
}
