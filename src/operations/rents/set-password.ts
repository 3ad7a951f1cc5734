import { hashPassword } from '../../auth/passwords.js';
import { NewPasswordSchema, normaliseEmail } from '../../domain/account-schema.js';
import { checkedBody, compileSchema } from '../../domain/schema-validator.js';
import { nextTimestamp } from '../../domain/timestamps.js';
import type { Storage } from '../../storage/storage.js';
import { Errors } from '../../errors/codes.js';

const checkNewPassword = compileSchema(NewPasswordSchema);

/**
 * The operator's way back into an account (`npm run rental -- users:set-password`), for when
 * nobody who could change it can sign in: sets the password, lifts a lockout, ends every
 * session and voids a pending reset token. Returns the account's id.
 */
export async function setPassword(storage: Storage, email: string, password: string): Promise<string> {
  checkedBody({ password }, checkNewPassword);
  const row = await storage.rents.getByEmail(normaliseEmail(email));
  if (!row) throw Errors.EMAIL_NOT_FOUND(email);
  const changes = { password_hash: await hashPassword(password), failed_logins: 0, locked_until: null, updated_at: nextTimestamp(row.updated_at) };
  if (!(await storage.rents.update(row.id, row.version, changes))) throw Errors.ACCOUNT_BUSY();
  await storage.sessions.revokeOthers(row.id, undefined, Date.now());
  await storage.passwordResets.forget(row.id);
  return row.id;
}
