import { foldText } from './fold.js';

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;
/** Room kept at the end of a derived slug for a `-N` suffix. */
const SUFFIX_ROOM = 8;

/**
 * Letters that fold to no single ASCII letter, spelled out in slugs as a reader would write
 * them (`Ærø` → `aero`, `Straße` → `strasse`) instead of dropped. Slugs only: search folds one
 * character to one, the same on both databases (fold.ts).
 */
const SPELLED: Record<string, string> = {
  Æ: 'ae', æ: 'ae', Œ: 'oe', œ: 'oe', ß: 'ss', ẞ: 'ss', Þ: 'th', þ: 'th', Ĳ: 'ij', ĳ: 'ij',
  Ǆ: 'dz', ǅ: 'dz', ǆ: 'dz', Ǉ: 'lj', ǈ: 'lj', ǉ: 'lj', Ǌ: 'nj', ǋ: 'nj', ǌ: 'nj',
  ﬀ: 'ff', ﬁ: 'fi', ﬂ: 'fl', ﬃ: 'ffi', ﬄ: 'ffl', ﬅ: 'st', ﬆ: 'st',
};
const SPELLED_PATTERN = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'gu');

/** `Vrtačka Bosch` → `vrtacka-bosch`; never empty. */
export function slugify(text: string): string {
  const base = foldText(text.replace(SPELLED_PATTERN, (char) => SPELLED[char] ?? char))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH - SUFFIX_ROOM)
    .replace(/-+$/g, '');
  return base === '' ? 'product' : base;
}

export function withSuffix(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}
