/** The units SPEC 2 names; the project's configuration may change the list (products.timeUnits). */
export const DEFAULT_TIME_UNITS = ['hour', 'day', 'week', 'month', 'year'];

/** The first `enum` of a property named `time_unit` anywhere in an OpenAPI document. */
function timeUnitEnum(node: unknown): string[] | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = timeUnitEnum(item);
      if (found) return found;
    }
    return undefined;
  }
  const record = node as Record<string, unknown>;
  const property = (record.properties as Record<string, { enum?: unknown }> | undefined)?.time_unit;
  if (Array.isArray(property?.enum) && property.enum.every((unit) => typeof unit === 'string')) return property.enum as string[];
  for (const value of Object.values(record)) {
    const found = timeUnitEnum(value);
    if (found) return found;
  }
  return undefined;
}

let units: Promise<string[]> | undefined;

/**
 * The time units this service accepts, as its OpenAPI document lists them (built from the
 * configuration); read once. The defaults when it cannot be read: the API still checks.
 */
export function configuredTimeUnits(): Promise<string[]> {
  units ??= fetch('/api/openapi.json', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
    .then((document) => timeUnitEnum(document) ?? DEFAULT_TIME_UNITS)
    .catch(() => DEFAULT_TIME_UNITS);
  return units;
}
