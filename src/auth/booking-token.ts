import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A booking's customer token: 256 random bits, shown once. Only its SHA-256 is stored, so a
 * copy of the database reads no booking; a guess is compared in constant time.
 */
export const newBookingToken = (): string => randomBytes(32).toString('base64url');

export const hashBookingToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether `token` is the one whose hash is stored. */
export function bookingTokenMatches(token: unknown, storedHash: string): boolean {
  if (typeof token !== 'string' || token === '' || token.length > 200) return false;
  const given = Buffer.from(hashBookingToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
