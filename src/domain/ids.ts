/** Identifiers the contract accepts (section 1). */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const isValidId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

// Web Crypto rather than node:crypto, so that the typed client's types (which reach this file
// through the field registry) compile for the browser too.
const random = (bytes: number) => globalThis.crypto.getRandomValues(new Uint8Array(bytes));
const processRandom = Array.from(random(5), (byte) => byte.toString(16).padStart(2, '0')).join('');
let counter = random(3).reduce((value, byte) => value * 256 + byte, 0);

/**
 * A 24-hex-character, time-ordered id in the ObjectId layout clients of Payload expect:
 * 4 bytes of seconds, 5 bytes fixed per process, 3 bytes of a rolling counter.
 */
export function generateId(now = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000).toString(16).padStart(8, '0');
  return seconds + processRandom + counter.toString(16).padStart(6, '0');
}
