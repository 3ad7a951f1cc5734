type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What to PATCH to turn `before` into `after`, as the API merges (SPEC 3: objects merge deeply,
 * arrays are replaced whole, null removes): only what changed, so that a PATCH never rewrites
 * fields it did not touch (the gallery or the reservations another screen changed).
 * Undefined when nothing changed.
 */
export function mergePatch(before: unknown, after: unknown): Record<string, Json> | undefined {
  if (!isObject(before) || !isObject(after)) throw new Error('mergePatch takes two objects');
  // Without a prototype, a key `__proto__` (JSON.parse makes it an own key) is a key like any
  // other: sent, and refused by the API, instead of setting the patch's prototype and vanishing.
  const patch = Object.create(null) as Record<string, Json>;
  for (const key of Object.keys(before)) if (!(key in after) || after[key] === undefined) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    if (isObject(old) && isObject(value)) {
      const inner = mergePatch(old, value);
      if (inner) patch[key] = inner;
    } else if (JSON.stringify(old) !== JSON.stringify(value)) {
      patch[key] = value;
    }
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}
