import { ValidationError, type ErrorItem } from '../errors/api-error.js';

/**
 * Runs two parsers of one request and reports the problems of both in one 400, as a
 * validation error lists every offending field.
 */
export function parseTogether<A, B>(first: () => A, second: () => B): [A, B] {
  const items: ErrorItem[] = [];
  const attempt = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      items.push(...error.items);
      return undefined;
    }
  };
  const a = attempt(first);
  const b = attempt(second);
  if (items.length > 0) throw new ValidationError(items);
  return [a as A, b as B];
}
