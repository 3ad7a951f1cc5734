import { foldText } from './fold.js';

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;
/** Room kept at the end of a derived slug for a `-N` suffix. */
const SUFFIX_ROOM = 8;

/** `Vrtačka Bosch` → `vrtacka-bosch`; never empty. */
export function slugify(text: string): string {
  const base = foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH - SUFFIX_ROOM)
    .replace(/-+$/g, '');
  return base === '' ? 'product' : base;
}

export function withSuffix(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}
