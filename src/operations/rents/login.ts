import { compileSchema } from '../../domain/schema-validator.js';
import { LoginSchema, normaliseEmail } from '../../domain/account-schema.js';
import { ValidationError } from '../../errors/api-error.js';
import { isPlainObject } from '../../domain/merge.js';
import { verifyPassword } from '../../auth/passwords.js';
import { userOfRow, type IssuedToken } from '../../auth/sessions.js';
import type { AuthUser } from '../../config/types.js';
import { runHooks } from '../hooks.js';
import type { Caller, Services } from '../context.js';
import { Errors } from '../../errors/codes.js';

const checkLogin = compileSchema(LoginSchema);

export interface LoginResult extends IssuedToken {
  message: string;
  user: { id: string; email: string; rentNameSystem: string };
}

export const sessionUser = (user: AuthUser) => ({ id: user.id, email: user.email, rentNameSystem: user.rentNameSystem });

/** POST /api/rents/login. Lockout and unknown e-mails cost as much time as a real check. */
export async function login(services: Services, input: unknown): Promise<LoginResult> {
  // No body at all means both fields are missing, and the 400 names them.
  const body = input === undefined || input === null ? {} : input;
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  const errors = checkLogin({ email: body.email, password: body.password });
  if (errors.length > 0) throw new ValidationError(errors);
  const { rents } = services.storage;
  const { maxLoginAttempts, lockTime } = services.config.auth;
  const row = await rents.getByEmail(normaliseEmail(body.email as string));
  const now = Date.now();
  if (row?.locked_until != null && row.locked_until > now) {
    const seconds = Math.ceil((row.locked_until - now) / 1000);
    throw Errors.ACCOUNT_LOCKED(seconds);
  }
  const valid = await verifyPassword(row?.password_hash, body.password as string);
  if (!row || !valid) {
    if (row) {
      if (row.locked_until != null) await rents.resetFailures(row.id);
      await rents.recordFailure(row.id, maxLoginAttempts, now + lockTime);
    }
    throw Errors.WRONG_CREDENTIALS();
  }
  if (row.failed_logins > 0 || row.locked_until != null) await rents.resetFailures(row.id);
  const user = userOfRow(row);
  const issued = await services.sessions.start(user.id);
  await runHooks(services.config.hooks.rents.afterLogin, { user });
  return { message: 'Authentication Passed', user: sessionUser(user), ...issued };
}

/** POST /api/rents/logout: the session ends for every token of it, on every instance. */
export async function logout(services: Services, caller: Caller): Promise<{ message: string }> {
  if (!caller.session) throw Errors.NOT_LOGGED_IN();
  await services.sessions.end(caller.session);
  await runHooks(services.config.hooks.rents.afterLogout, { user: caller.session.user });
  return { message: 'Logout successful.' };
}

export async function refresh(services: Services, caller: Caller) {
  if (!caller.session) throw Errors.NOT_LOGGED_IN();
  const issued = await services.sessions.refresh(caller.session);
  const { user } = caller.session;
  return { message: 'Token refresh successful', token: issued.token, refreshedToken: issued.token, exp: issued.exp, user: { id: user.id, email: user.email } };
}

export function me(caller: Caller) {
  if (!caller.session) return { user: null };
  return { user: sessionUser(caller.session.user), exp: caller.session.claims.exp, collection: 'rents' };
}
