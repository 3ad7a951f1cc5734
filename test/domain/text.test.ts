import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FOLD_TABLE, LOWER_TABLE, essentialWords, foldText, lowerPreimages, lowerText, searchWords } from '../../src/domain/fold.js';
import { slugify } from '../../src/domain/slug.js';
import { codePointLength, searchTextsOf } from '../../src/domain/product-document.js';
import { deepMerge } from '../../src/domain/merge.js';
import { generateId, isValidId } from '../../src/domain/ids.js';

describe('folding and slugs', () => {
  it('folds case and accents the same way for every Latin letter it maps', () => {
    assert.equal(foldText('Vrtačka ŽLUŤOUČKÝ kůň Ørsted Łódź straße'), 'vrtacka zlutoucky kun orsted lodz straße');
    for (const [char, folded] of FOLD_TABLE) assert.equal(foldText(char), folded, char);
    assert.deepEqual(searchWords('  Sekačka   NA trávu '), ['sekacka', 'na', 'travu']);
  });

  it('folds Greek and Cyrillic too, final sigma as σ, in the table PostgreSQL translates by', () => {
    assert.equal(foldText('ΟΔΟΣ Αθήνα οδός Ёлка Йошкар-Ола ΐ'), 'οδοσ αθηνα οδοσ елка иошкар-ола ι');
    for (const [char, folded] of [['Ά', 'α'], ['ς', 'σ'], ['Σ', 'σ'], ['Й', 'и'], ['ё', 'е'], ['ἄ', 'α']]) assert.equal(FOLD_TABLE.get(char!), folded, char);
    assert.equal(lowerText('ΟΔΟΣ İstanbul Ёлка'), 'οδοσ istanbul ёлка');
    for (const [char, lower] of LOWER_TABLE) assert.equal(lowerText(char), lower, char);
    assert.equal(LOWER_TABLE.get('Σ'), 'σ');
    assert.equal(LOWER_TABLE.get('ς'), 'σ');
  });

  it('folds a text as the concatenation of its parts, and a lower-cased text as the text (what the stored search texts rely on)', () => {
    // Every character of the Basic Multilingual Plane, and some beyond, between letters it could join.
    const chars = Array.from({ length: 0x10000 }, (_, code) => (code >= 0xd800 && code <= 0xdfff ? '' : String.fromCharCode(code))).filter(Boolean);
    chars.push('😀', '𝒜', '\u{1D400}', 'e\u0301', '\u0301', 'ﬁ');
    for (const char of chars) {
      for (const [before, after] of [['A', 'b'], ['Σ', ' '], ['ς', 'İ'], ['\n', '\u0308']] as const) {
        const text = `${before}${char}${after}`;
        assert.equal(foldText(text), foldText(before) + foldText(char) + foldText(after), `U+${char.codePointAt(0)?.toString(16)}`);
      }
      assert.equal(foldText(lowerText(char)), foldText(char), `U+${char.codePointAt(0)?.toString(16)}`);
    }
  });

  it('lists the characters outside ASCII that lower into a value’s (what `contains` must call lowerText for)', () => {
    assert.deepEqual(lowerPreimages('škoda').sort(), ['Š', '\u212A'].sort());
    assert.deepEqual(lowerPreimages('istanbul'), ['İ']);
    assert.deepEqual(lowerPreimages('οδοσ').sort(), ['Ο', 'Δ', 'Σ', 'ς'].sort());
    assert.deepEqual(lowerPreimages('a b-1'), []);
    // Every character outside ASCII that lowerText changes is some character's preimage, and
    // lowers to exactly one character; past plane 1 (where the table stops) none changes.
    for (let code = 0x80; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      const lower = lowerText(char);
      if (lower === char) continue;
      assert.ok(code <= 0x1ffff, `U+${code.toString(16)} changes`);
      assert.equal([...lower].length, 1, `U+${code.toString(16)}`);
      assert.ok(lowerPreimages(lower).includes(char), `U+${code.toString(16)}`);
    }
  });

  it('keeps of words that must all occur those not repeated or inside another', () => {
    assert.deepEqual(essentialWords(['vrt', 'vrtacka', 'bosch', 'vrt', 'osc', 'brno']), ['vrtacka', 'bosch', 'brno']);
    assert.deepEqual(essentialWords(Array(500).fill('a')), ['a']);
    const many = Array.from({ length: 150 }, (_, i) => `w${i}`);
    assert.deepEqual(essentialWords([...many, ...many]), many, 'past 100 different words, repeats only are dropped');
  });

  it('stores the folded name, description and location joined, with the first two’s lengths in code points', () => {
    assert.deepEqual(searchTextsOf('😀 Úsměv', 'Déšť 𝒜', 'Brno'), { search_text: '😀 usmev\ndest 𝒜\nbrno', name_length: 7, desc_length: 6 });
    assert.equal(searchTextsOf('Vrtačka Bosch', 'Popis', 'Brno').search_text, foldText('Vrtačka Bosch\nPopis\nBrno'));
    assert.equal(codePointLength('a😀b\ud800c'), 5, 'a lone surrogate is one character, as SQL stores it');
  });

  it('derives slugs as the contract shows', () => {
    assert.equal(slugify('Vrtačka Bosch'), 'vrtacka-bosch');
    assert.equal(slugify('  --Hello,   World!!-- '), 'hello-world');
    assert.equal(slugify('???'), 'product');
    // Letters with no one-letter ASCII fold are spelled out, not dropped.
    assert.equal(slugify('Ærø Øresund Łódź ﬁne Œuvre ǅ Straße'), 'aero-oresund-lodz-fine-oeuvre-dz-strasse');
    assert.ok(slugify('x'.repeat(500)).length <= 112);
    assert.match(slugify(`${'a'.repeat(111)} b`), /^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('deep merge', () => {
  it('merges objects, replaces arrays and removes nulls without touching its inputs', () => {
    const target = { a: { b: 1, c: [1, 2] }, d: 'x' };
    const merged = deepMerge(target, { a: { c: [3], e: null }, d: null, f: { g: null, h: 1 } });
    assert.deepEqual(merged, { a: { b: 1, c: [3] }, f: { h: 1 } });
    assert.deepEqual(target, { a: { b: 1, c: [1, 2] }, d: 'x' });
  });
});

describe('ids', () => {
  it('generates 24 hex characters in time order', () => {
    const ids = Array.from({ length: 1000 }, () => generateId());
    for (const id of ids) assert.match(id, /^[0-9a-f]{24}$/);
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(generateId(Date.UTC(2030, 0, 1)) > generateId(Date.UTC(2026, 0, 1)));
  });

  it('accepts only the contract identifiers', () => {
    for (const ok of ['a', 'A-1_b', 'x'.repeat(64), '0abc']) assert.ok(isValidId(ok), ok);
    for (const bad of ['', '-a', '_a', 'x'.repeat(65), 'a b', 'a/b', 'á', '..']) assert.ok(!isValidId(bad), bad);
  });
});
