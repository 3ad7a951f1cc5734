import { randomBytes } from 'node:crypto';

/** Identifiers the contract accepts (section 1). */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const isValidId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/**
 * A copy of an id that holds its own characters. An id taken from a request's path is a slice
 * of the URL and keeps all of it alive for as long as the id is kept (a cache key).
 */
export const ownCopy = (id: string): string => JSON.parse(JSON.stringify(id)) as string;

const processRandom = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/**
 * A 24-hex-character, time-ordered id in the ObjectId layout clients of Payload expect:
 * 4 bytes of seconds, 5 bytes fixed per process, 3 bytes of a rolling counter.
 */
export function generateId(now = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000).toString(16).padStart(8, '0');
  return seconds + processRandom + counter.toString(16).padStart(6, '0');
}
