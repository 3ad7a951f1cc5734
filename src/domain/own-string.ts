/**
 * A copy of a string that holds its own characters. Text taken from a request (an id from
 * its path, its query string) is a slice of the URL and keeps all of it alive for as long
 * as the text is kept, as a cache key is.
 */
export const ownString = (text: string): string => JSON.parse(JSON.stringify(text)) as string;
