import { Errors } from '../errors/codes.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_NESTING = 64;

/** An object or array of the body, under the key it has in its parent's. */
interface Level {
  value: object;
  depth: number;
  parent: Level | undefined;
  key: string;
}

/** The dotted path of `key` inside `level`: made only for an error, not for every key of every body. */
function pathOf(level: Level, key: string): string {
  const keys = [key];
  for (let at: Level | undefined = level; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** Finds a forbidden key or excessive nesting without recursion (a hostile body may nest deeply). */
export function checkJsonShape(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const stack: Level[] = [{ value, depth: 0, parent: undefined, key: '' }];
  for (let level = stack.pop(); level; level = stack.pop()) {
    if (level.depth > MAX_NESTING) throw Errors.BODY_TOO_DEEP(MAX_NESTING);
    const object = level.value as Record<string, unknown>;
    if (Array.isArray(object)) {
      for (let index = 0; index < object.length; index++) {
        const child: unknown = object[index];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: level.depth + 1, parent: level, key: String(index) });
      }
      continue;
    }
    for (const key of Object.keys(object)) {
      if (FORBIDDEN_KEYS.has(key)) throw Errors.FORBIDDEN_KEY(key, pathOf(level, key));
      const child = object[key];
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: level.depth + 1, parent: level, key });
    }
  }
}
