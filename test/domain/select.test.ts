import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applySelect, parseSelect } from '../../src/domain/select.js';
import type { JsonObject } from '../../src/domain/merge.js';

const key = fc.constantFrom('id', 'basic', 'name', 'price', 'images', 'url', 'seo', 'title');
const doc: fc.Arbitrary<JsonObject> = fc.letrec<{ value: unknown; object: JsonObject }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie('object'), fc.array(tie('value'), { maxLength: 3 })),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5, noNullPrototype: true }),
})).object;

/** Trees with at least one leaf, of the leaf values `select` accepts. */
const tree = (leaf: fc.Arbitrary<boolean | string>): fc.Arbitrary<Record<string, unknown>> =>
  fc.letrec<{ tree: Record<string, unknown> }>((tie) => ({
    tree: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, leaf, tie('tree')), { minKeys: 1, maxKeys: 4, noNullPrototype: true }),
  })).tree;

describe('select', () => {
  it('keeps what a selection of true leaves names, plus the id, and nothing the document lacks', () => {
    fc.assert(
      fc.property(doc, tree(fc.constantFrom(true, 'true')), (document, raw) => {
        const selection = parseSelect(raw);
        assert.equal(selection?.mode, 'include');
        const kept = applySelect(document, selection!);
        for (const name of Object.keys(kept)) assert.ok(Object.hasOwn(document, name), name);
        if (Object.hasOwn(document, 'id') && !Object.hasOwn(raw, 'id')) assert.deepEqual(kept.id, document.id);
        for (const [name, entry] of Object.entries(raw)) {
          if ((entry === true || entry === 'true') && Object.hasOwn(document, name)) assert.deepEqual(kept[name], document[name]);
        }
      }),
    );
  });

  it('with a false leaf, leaves out only what it names', () => {
    fc.assert(
      fc.property(doc, key, (document, name) => {
        const kept = applySelect(document, parseSelect({ [name]: 'false' })!);
        const expected = { ...document };
        delete expected[name];
        assert.deepEqual(kept, expected);
      }),
    );
  });

  it('selecting every key of a document gives it back, and the JSON form reads as the brackets do', () => {
    fc.assert(
      fc.property(doc, (document) => {
        fc.pre(Object.keys(document).length > 0);
        const raw = Object.fromEntries(Object.keys(document).map((name) => [name, 'true']));
        assert.deepEqual(applySelect(document, parseSelect(raw)!), document);
        assert.deepEqual(parseSelect(JSON.stringify(raw)), parseSelect(raw));
      }),
    );
  });

  it('refuses anything but an object of true/false leaves, naming where', () => {
    for (const [input, field] of [['', 'select'], ['[]', 'select'], [{}, 'select'], [{ a: 'yes' }, 'select.a'], [{ a: { b: 1 } }, 'select.a.b'], [{ a: {} }, 'select.a'], [['true'], 'select']] as const) {
      assert.throws(() => parseSelect(input), (error: { items: { field?: string }[] }) => error.items.some((item) => item.field === field), JSON.stringify(input));
    }
    assert.equal(parseSelect(undefined), undefined);
  });
});
