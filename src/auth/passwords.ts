import { availableParallelism } from 'node:os';
import { HashPool } from './hash-pool.js';

/** `Algorithm.Argon2id`; the package's const enum cannot be imported under isolatedModules. */
const ARGON2ID = 2;

/**
 * argon2id with the OWASP-recommended cost (19 MiB, 2 passes), hashed on threads of the
 * lowest priority (HashPool), so a burst of logins neither blocks the event loop nor
 * competes with it for the cores.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

/** At most this many hashes at once, so a burst of logins leaves a core to the event loop; logins queue instead. */
const pool = new HashPool(Math.max(1, availableParallelism() - 1));

export const hashPassword = (password: string): Promise<string> => pool.hash(password, OPTIONS);
const verifyHash = (storedHash: string, password: string): Promise<boolean> => {
  checks++;
  return pool.verify(storedHash, password);
};

let dummyHash: Promise<string> | undefined;
let checks = 0;

/** How many password verifications this process has run, real and dummy alike. */
export const passwordChecks = (): number => checks;

/**
 * Verifies a password; with no stored hash (unknown e-mail) it verifies against a dummy
 * hash of the same cost so that both cases take the same time.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('dummy password for unknown accounts');
    await verifyHash(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verifyHash(storedHash, password);
  } catch {
    return false;
  }
}
