import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Caller, Services } from '../context.js';
import { loadAccountForChange } from '../rents/account-change.js';

const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest();

/** The private feed's path for an account and token. */
export const ownerFeedPath = (rentId: string, token: string): string => `/api/rents/${encodeURIComponent(rentId)}/calendar.ics?token=${encodeURIComponent(token)}`;

/**
 * POST /api/rents/:id/calendar-token: a new secret for the account's private calendar feed
 * (the account itself or an admin, as for a change to the account); the one before stops
 * working. Only its hash is stored. Answers the feed's absolute URL under `baseUrl`.
 */
export async function issueCalendarToken(services: Services, caller: Caller, rentId: string, baseUrl: string): Promise<{ url: string }> {
  const row = await loadAccountForChange(services, caller, rentId, 'update');
  const token = randomBytes(32).toString('base64url');
  await services.storage.calendarTokens.store(row.id, hashOf(token).toString('hex'), Date.now());
  return { url: `${baseUrl}${ownerFeedPath(row.id, token)}` };
}

/** Whether `token` is the account's current feed token; compared in constant time. */
export async function calendarTokenMatches(services: Services, rentId: string, token: unknown): Promise<boolean> {
  if (typeof token !== 'string' || token === '') return false;
  const stored = await services.storage.calendarTokens.hashOf(rentId);
  if (stored === undefined) return false;
  const expected = Buffer.from(stored, 'hex');
  const given = hashOf(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
