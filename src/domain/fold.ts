/** Every character below U+0080: exactly then is the text's UTF-8 one byte per UTF-16 unit (faster than a regular expression). */
const isAscii = (text: string): boolean => Buffer.byteLength(text, 'utf8') === text.length;

/**
 * Case and accent folding shared by search, `like` and slugs.
 * PostgreSQL's `rc_fold` and `rc_lower` SQL functions are built from FOLD_TABLE and
 * LOWER_TABLE (storage/fold-functions.ts) so that both databases fold the same characters
 * the same way, whatever the database's locale.
 */
const EXTRA: Record<string, string> = {
  đ: 'd', Đ: 'd', ł: 'l', Ł: 'l', ø: 'o', Ø: 'o', ħ: 'h', Ħ: 'h', ŧ: 't', Ŧ: 't', ı: 'i', ŀ: 'l', Ŀ: 'l',
  // Greek's final sigma is σ written at the end of a word: one letter for search and case.
  ς: 'σ',
};

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Basic Latin's capitals, Latin-1 to Latin Extended-B, Greek, Cyrillic, Latin Extended Additional, Greek Extended. */
const FOLDED_BLOCKS = [[0x41, 0x5a], [0xc0, 0x24f], [0x370, 0x3ff], [0x400, 0x4ff], [0x1e00, 0x1eff], [0x1f00, 0x1fff]] as const;

function buildFoldTable(): Map<string, string> {
  const table = new Map<string, string>();
  const codes = FOLDED_BLOCKS.flatMap(([from, to]) => range(from, to));
  for (const code of codes) {
    const char = String.fromCharCode(code);
    const folded = EXTRA[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (folded.length === 1 && folded !== char) table.set(char, folded);
  }
  return table;
}

/** Single characters of the Latin, Greek and Cyrillic blocks and what they fold to. */
export const FOLD_TABLE: ReadonlyMap<string, string> = buildFoldTable();

/** Upper-case letters of those blocks and their lower-case forms (for case-insensitive `contains`). */
export const LOWER_TABLE: ReadonlyMap<string, string> = new Map(
  [...FOLD_TABLE.keys()]
    .map((char): [string, string] => [char, lowerText(char)])
    .filter(([char, lower]) => lower.length === 1 && lower !== char),
);

/** FOLD_TABLE by UTF-16 code (all its keys are below U+2000); 0 where a character stays. */
const FOLDED_CODES = new Uint16Array(0x2000);
for (const [char, folded] of FOLD_TABLE) FOLDED_CODES[char.charCodeAt(0)] = folded.charCodeAt(0);

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Maps the characters FOLD_TABLE knows, in one pass over the codes (no per-character strings). */
function mapFolded(text: string): string {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    codes[i] = (code < 0x2000 && FOLDED_CODES[code]) || code;
  }
  const bytes = Buffer.from(codes.buffer);
  if (!LITTLE_ENDIAN) bytes.swap16();
  return bytes.toString('utf16le');
}

export function foldText(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  const mapped = mapFolded(text);
  // Latin text is ASCII once mapped; only other scripts need the (slow) decomposition.
  if (isAscii(mapped)) return mapped.toLowerCase();
  return mapped.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Lower case for `contains`: Unicode's, except that İ becomes i rather than i and a combining
 * dot, so that `istanbul` is found in `İstanbul`, and that final sigma is σ, so that `ΟΔΟΣ`
 * contains `οδος` (PostgreSQL's `rc_lower` agrees, by LOWER_TABLE).
 */
export function lowerText(text: string): string {
  const lower = (text.includes('İ') ? text.replaceAll('İ', 'i') : text).toLowerCase();
  return lower.includes('ς') ? lower.replaceAll('ς', 'σ') : lower;
}

/** The words of a search text, folded; empty words are dropped. */
export function searchWords(text: string): string[] {
  return foldText(text).split(/\s+/u).filter((word) => word !== '');
}

/** Past this many different words, looking for words inside others costs more than it spares. */
const MAX_WORDS_COMPARED = 100;

/**
 * Of words that must all occur as substrings, the ones that say something: a repeated word,
 * or one inside another (`vrt` beside `vrtacka`), matches wherever the others do.
 */
export function essentialWords(words: string[]): string[] {
  const unique = [...new Set(words)];
  if (unique.length > MAX_WORDS_COMPARED) return unique;
  return unique.filter((word) => !unique.some((other) => other !== word && other.includes(word)));
}

/** Code points past plane 1 have no case (ideographs, tags, private use): test/domain/text.test.ts checks it. */
const LAST_CASED_PLANE_END = 0x1ffff;

let preimagesByLower: Map<string, string[]> | undefined;

/** Every character outside ASCII that lowerText changes, by what it becomes; built on first use (~10 ms). */
function lowerPreimageTable(): Map<string, string[]> {
  if (preimagesByLower) return preimagesByLower;
  const table = new Map<string, string[]>();
  for (let code = 0x80; code <= LAST_CASED_PLANE_END; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    const lower = lowerText(char);
    if (lower !== char) table.set(lower, [...(table.get(lower) ?? []), char]);
  }
  preimagesByLower = table;
  return table;
}

/**
 * The characters outside ASCII that lowerText turns into a character of `lowered` (Š for š,
 * İ for i, the Kelvin sign for k). A text without any of them contains `lowered` after
 * lowerText exactly when it does after lower-casing ASCII letters alone, which SQL does
 * without calling back into JavaScript (storage/where-sql.ts).
 */
export function lowerPreimages(lowered: string): string[] {
  const table = lowerPreimageTable();
  return [...new Set([...lowered].flatMap((char) => table.get(char) ?? []))];
}
