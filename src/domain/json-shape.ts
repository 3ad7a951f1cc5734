import { Errors } from '../errors/codes.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_NESTING = 64;

/** Finds a forbidden key or excessive nesting without recursion (a hostile body may nest deeply). */
export function checkJsonShape(value: unknown): void {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item || typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > MAX_NESTING) throw Errors.BODY_TOO_DEEP(MAX_NESTING);
    const entries = Array.isArray(item.value) ? item.value.entries() : Object.entries(item.value);
    for (const [key, child] of entries) {
      const path = item.path === '' ? String(key) : `${item.path}.${String(key)}`;
      if (typeof key === 'string' && FORBIDDEN_KEYS.has(key)) throw Errors.FORBIDDEN_KEY(key, path);
      stack.push({ value: child, depth: item.depth + 1, path });
    }
  }
}
