import { parse, pattern } from 'iso8601-duration';

/** The library's grammar for the whole text: it matches a duration anywhere in a string (`P1D2W` would read as P1D). */
const WHOLE = new RegExp(`^(?:${pattern.source})$`);

/** An ISO 8601 duration (`P2D`, `PT4H`, `P1W`), parsed; undefined when the text is not one. */
export function parseDuration(text: string): ReturnType<typeof parse> | undefined {
  if (!WHOLE.test(text.replace(/,/g, '.')) || text.endsWith('T')) return undefined;
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

export const isDuration = (text: string): boolean => parseDuration(text) !== undefined;
