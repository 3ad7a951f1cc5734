export type JsonObject = { [key: string]: unknown };

export const isPlainObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * PATCH semantics: objects merge deeply, arrays and scalars replace, `null` removes the key.
 * Returns a new object; neither input is changed.
 */
export function deepMerge(target: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete out[key];
    } else if (isPlainObject(value) && isPlainObject(out[key])) {
      out[key] = deepMerge(out[key], value);
    } else {
      out[key] = isPlainObject(value) ? deepMerge({}, value) : value;
    }
  }
  return out;
}

/** Removes `null` members recursively from objects (not from arrays): on create, null means absent. */
export function withoutNulls(value: JsonObject): JsonObject {
  return deepMerge({}, value);
}
