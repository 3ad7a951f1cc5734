let loaded: Promise<unknown> | undefined;

/**
 * The service's OpenAPI document, which it builds from its configuration (time units, actions),
 * read once; undefined when it cannot be read (the API still checks what it is sent).
 */
export function openApiDocument(): Promise<unknown> {
  loaded ??= fetch('/api/openapi.json', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
    .catch(() => undefined);
  return loaded;
}

/** The first `enum` of strings of a property with this name, anywhere under `node`. */
export function propertyEnum(node: unknown, name: string): string[] | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = propertyEnum(item, name);
      if (found) return found;
    }
    return undefined;
  }
  const record = node as Record<string, unknown>;
  const property = (record.properties as Record<string, { enum?: unknown }> | undefined)?.[name];
  if (Array.isArray(property?.enum) && property.enum.every((value) => typeof value === 'string')) return property.enum as string[];
  for (const value of Object.values(record)) {
    const found = propertyEnum(value, name);
    if (found) return found;
  }
  return undefined;
}
