import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/passwords.js';
import { userOfRow } from '../../auth/sessions.js';
import { ForgotPasswordSchema, ResetPasswordSchema, normaliseEmail } from '../../domain/account-schema.js';
import { checkedBody, compileSchema } from '../../domain/schema-validator.js';
import { hookList, runHooks } from '../hooks.js';
import type { Services } from '../context.js';
import { sessionUser, type LoginResult } from './login.js';
import { Errors } from '../../errors/codes.js';

const checkForgot = compileSchema(ForgotPasswordSchema);
const checkReset = compileSchema(ResetPasswordSchema);

/** Reset tokens are stored only as this hash, so that a copy of the database cannot use them. */
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * POST /api/rents/forgot-password `{email}`: when an account has that e-mail, a new reset token
 * (replacing any pending one) goes to `hooks.rents.afterForgotPassword`, which delivers it;
 * at most one per `auth.forgotPasswordInterval`, so that repeating the request cannot flood a
 * mailbox (the rate limit counts per client, and the e-mail is anyone's to type in). The answer
 * is the same whether or not the e-mail exists or a token was issued, and the hooks are
 * started before it but not awaited, so that neither the body nor a slow mail server tells
 * which e-mails have accounts; a hook that fails is logged.
 */
export async function forgotPassword(services: Services, input: unknown): Promise<{ message: string }> {
  const body = checkedBody(input, checkForgot);
  const deliver = hookList(services.config.hooks.rents.afterForgotPassword);
  if (deliver.length === 0) {
    services.log.warn({}, 'forgot-password: no hooks.rents.afterForgotPassword is configured to deliver reset tokens, so none was issued');
    return { message: 'Success' };
  }
  const row = await services.storage.rents.getByEmail(normaliseEmail(body.email as string));
  if (row) {
    const token = randomBytes(32).toString('hex');
    const now = Date.now();
    const { forgotPasswordExpiration, forgotPasswordInterval } = services.config.auth;
    const expiresAt = now + forgotPasswordExpiration;
    if (!(await services.storage.passwordResets.store(row.id, tokenHash(token), now, expiresAt, now - forgotPasswordInterval))) {
      services.log.warn({ account: row.id }, 'forgot-password: a reset token was issued to this account less than auth.forgotPasswordInterval ago; none was issued');
      return { message: 'Success' };
    }
    runHooks(deliver, { user: userOfRow(row), token, expiresAt: new Date(expiresAt).toISOString() }).catch((err: unknown) =>
      services.log.warn({ err, account: row.id }, 'forgot-password: afterForgotPassword failed; the reset token may not have been delivered'),
    );
  }
  return { message: 'Success' };
}

/**
 * POST /api/rents/reset-password `{token, password}`: sets the new password once per token,
 * clears a lockout, ends every session of the account and signs it in with a new one.
 * An unknown, used or expired token is a 403, as in Payload.
 */
export async function resetPassword(services: Services, input: unknown): Promise<LoginResult> {
  const body = checkedBody(input, checkReset);
  // Hashed before the token is looked at: the work is the same for good and bad tokens.
  const passwordHash = await hashPassword(body.password as string);
  const accountId = await services.storage.passwordResets.redeem(tokenHash(body.token as string), Date.now(), passwordHash);
  const row = accountId === undefined ? undefined : await services.storage.rents.get(accountId);
  if (!row) throw Errors.RESET_TOKEN_INVALID();
  await services.sessions.endOthers(row.id, undefined);
  const user = userOfRow(row);
  const issued = await services.sessions.start(user.id);
  return { message: 'Password reset successfully.', user: sessionUser(user), ...issued };
}
