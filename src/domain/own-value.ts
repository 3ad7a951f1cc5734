/**
 * A record's value under `key` if the record itself holds it: a name from a request
 * (`constructor`, `toString`) must not find what every object inherits.
 */
export const ownValue = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
