import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MIN_SECRET_LENGTH = 32;

/**
 * The token signing key: RENTAL_SECRET, or (embedded SQLite only) one generated on first
 * start and kept in the data folder, readable by the service's user alone.
 */
export function loadSecret(options: { secret?: string; dataDir: string; dialect: 'sqlite' | 'postgres' }): Uint8Array {
  if (options.secret !== undefined) {
    if (options.secret.length < MIN_SECRET_LENGTH) throw new Error(`RENTAL_SECRET must be at least ${MIN_SECRET_LENGTH} characters long.`);
    return new TextEncoder().encode(options.secret);
  }
  if (options.dialect === 'postgres') {
    throw new Error('RENTAL_SECRET is required with PostgreSQL, so that every instance signs tokens with the same key.');
  }
  const file = join(options.dataDir, 'secret');
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
    throw error;
  }
  return new TextEncoder().encode(secret);
}
