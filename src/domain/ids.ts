import { randomBytes } from 'node:crypto';

/** Identifiers the contract accepts (section 1). */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const isValidId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

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
