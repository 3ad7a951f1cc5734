import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package's const enum cannot be imported under isolatedModules. */
const ARGON2ID = 2;

/**
 * argon2id with the OWASP-recommended cost (19 MiB, 2 passes). @node-rs/argon2 hashes on
 * libuv's thread pool, so a burst of logins does not block the event loop.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (unknown e-mail) it verifies against a dummy
 * hash of the same cost so that both cases take the same time.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('dummy password for unknown accounts');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
