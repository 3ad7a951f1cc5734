import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../operations/context.js';
import { createAccount, updateAccount } from '../operations/rents/accounts.js';
import { ACCOUNTS, deleteAccounts, updateAccounts } from '../operations/rents/bulk-accounts.js';
import { deleteAccount } from '../operations/rents/delete-account.js';
import { countAccounts, findAccounts, getAccountProfile } from '../operations/rents/find-accounts.js';
import { accountFields } from '../domain/account-fields.js';
import { listQueryOf, type ListParams } from '../domain/list-query.js';
import { parseSelect, selectedDocs } from '../domain/select.js';
import { login, logout, me, refresh } from '../operations/rents/login.js';
import { forgotPassword, resetPassword } from '../operations/rents/password-reset.js';
import { unlock } from '../operations/rents/unlock.js';
import { TOKEN_COOKIE } from './authenticate.js';
import { CookieQuery, clearSessionCookie, hasSessionCookie, setSessionCookie, wantsSessionCookie } from './session-cookie.js';
import { credentialsRateLimit } from './rate-limit.js';
import { registerBulkRoutes } from './bulk-routes.js';
import { Type } from '@sinclair/typebox';
import { AccountCreateSchema, AccountUpdateSchema, ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, UnlockSchema } from '../domain/account-schema.js';
import { IdParams, SelectQuery, TotalDocsSchema, listQuery, bearerSecurity, envelope, errorResponses, paginated } from './schemas/common.js';
import { selectedAnswer } from './select-response.js';
import { validatedByOperation } from './request-validation.js';
import { LoginResponseSchema, MeResponseSchema, MessageSchema, RefreshResponseSchema } from './schemas/rents.js';

type Query = Record<string, unknown>;

const RolesQuery = Type.Object({
  roles: Type.Optional(Type.Boolean({ description: "true: the signed-in account's `roles` too (a dashboard shows admin screens by them)." })),
});
type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;

export function rentsRoutes(services: Services) {
  const { cookies } = services.config.auth;
  const secure = process.env.NODE_ENV !== 'development';

  const setTokenCookie = (reply: FastifyReply, token: string, exp: number) => {
    if (cookies) reply.setCookie(TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: new Date(exp * 1000) });
  };

  const tags = ['rents'];
  const profile = Type.Ref('PublicProfile');
  const schemas = {
    login: { tags, summary: 'Log in', querystring: CookieQuery, body: LoginSchema, response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 429) } },
    me: { tags, summary: 'The signed-in account', security: bearerSecurity, querystring: RolesQuery, response: { 200: MeResponseSchema } },
    refresh: { tags, summary: 'A new token for the same session', security: bearerSecurity, response: { 200: RefreshResponseSchema, ...errorResponses(401) } },
    logout: { tags, summary: 'End the session (every token of it)', security: bearerSecurity, response: { 200: MessageSchema, ...errorResponses(401) } },
    unlock: {
      tags, summary: 'Lift the login lockout of the account with this e-mail (admins); the same answer whether or not it exists',
      security: bearerSecurity, body: validatedByOperation(UnlockSchema), response: { 200: MessageSchema, ...errorResponses(400, 401, 403) },
    },
    forgotPassword: {
      tags, summary: 'Issue a password reset token to hooks.rents.afterForgotPassword; the same answer whether or not the e-mail exists',
      body: ForgotPasswordSchema, response: { 200: MessageSchema, ...errorResponses(400, 429) },
    },
    resetPassword: {
      tags, summary: 'Set a new password with a reset token (once); ends every session and signs in anew',
      querystring: CookieQuery, body: ResetPasswordSchema, response: { 200: LoginResponseSchema, ...errorResponses(400, 403, 429) },
    },
    create: {
      tags, summary: 'Create an account (admins)', security: bearerSecurity, querystring: SelectQuery, body: validatedByOperation(AccountCreateSchema),
      response: { 201: envelope(profile), ...errorResponses(400, 401, 403, 409) },
    },
    list: {
      tags, summary: 'List public profiles of accounts', querystring: Type.Composite([listQuery('rents', accountFields, services.config.products.maxLimit), SelectQuery]),
      response: { 200: paginated(profile), ...errorResponses(400, 401, 403) },
    },
    count: { tags, summary: 'Count accounts', querystring: Type.Pick(listQuery('rents', accountFields, 1), ['where']), response: { 200: TotalDocsSchema, ...errorResponses(400, 401, 403) } },
    read: { tags, summary: "An account's public profile", params: IdParams, querystring: SelectQuery, response: { 200: profile, ...errorResponses(400, 404) } },
    update: {
      tags, summary: 'Update an account (itself or an admin)', security: bearerSecurity, params: IdParams, querystring: SelectQuery, body: validatedByOperation(AccountUpdateSchema),
      response: { 200: envelope(profile), ...errorResponses(400, 401, 403, 404, 409) },
    },
    remove: {
      tags, summary: 'Delete an account that owns no products or media (admins)', security: bearerSecurity, params: IdParams, querystring: SelectQuery,
      response: { 200: envelope(profile), ...errorResponses(400, 401, 403, 404, 409) },
    },
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/rents/login', { ...credentialsRateLimit(services.config, 'login'), schema: schemas.login }, async (request, reply) => {
      const result = await login(services, request.body);
      setTokenCookie(reply, result.token, result.exp);
      if (wantsSessionCookie(request.query)) setSessionCookie(reply, result.token, result.exp);
      return result;
    });

    app.get('/api/rents/me', { schema: schemas.me }, async (request) => {
      const result = me(request.caller);
      const withRoles = String((request.query as { roles?: unknown }).roles) === 'true';
      return withRoles && result.user ? { ...result, user: { ...result.user, roles: request.caller.user?.roles ?? [] } } : result;
    });

    for (const path of ['/api/rents/refresh', '/api/rents/refresh-token']) {
      app.post(path, { schema: schemas.refresh }, async (request, reply) => {
        const result = await refresh(services, request.caller);
        setTokenCookie(reply, result.token, result.exp);
        if (request.caller.via === 'cookie' && hasSessionCookie(request)) setSessionCookie(reply, result.token, result.exp);
        return result;
      });
    }

    app.post('/api/rents/logout', { schema: schemas.logout }, async (request, reply) => {
      const result = await logout(services, request.caller);
      if (cookies) reply.clearCookie(TOKEN_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      if (hasSessionCookie(request)) clearSessionCookie(reply);
      return result;
    });

    app.post('/api/rents/unlock', { schema: schemas.unlock }, async (request) => unlock(services, request.caller, request.body));

    app.post('/api/rents/forgot-password', { ...credentialsRateLimit(services.config, 'forgot-password'), schema: schemas.forgotPassword }, async (request) =>
      forgotPassword(services, request.body),
    );

    app.post('/api/rents/reset-password', { ...credentialsRateLimit(services.config, 'reset-password'), schema: schemas.resetPassword }, async (request, reply) => {
      const result = await resetPassword(services, request.body);
      setTokenCookie(reply, result.token, result.exp);
      if (wantsSessionCookie(request.query)) setSessionCookie(reply, result.token, result.exp);
      return result;
    });

    app.post('/api/rents', { schema: schemas.create }, async (request: FastifyRequest<{ Querystring: Query }>, reply) => ({
      doc: await selectedAnswer(request.query, async () => {
        const doc = await createAccount(services, request.caller, request.body);
        reply.code(201).header('location', `/api/rents/${doc.id}`);
        return doc;
      }),
      message: 'Account successfully created.',
    }));

    const listOptions = { maxLimit: services.config.products.maxLimit, defaultSort: '-createdAt' };

    app.get('/api/rents', { schema: schemas.list }, async (request: FastifyRequest<{ Querystring: Query }>) => {
      const [query, selection] = [listQueryOf(request.query as ListParams, accountFields, listOptions), parseSelect(request.query.select)];
      return selectedDocs(await findAccounts(services, request.caller, query), selection);
    });

    app.get('/api/rents/count', { schema: schemas.count }, async (request: FastifyRequest<{ Querystring: Query }>) =>
      countAccounts(services, request.caller, listQueryOf({ where: request.query.where }, accountFields, listOptions)),
    );

    registerBulkRoutes(app, {
      path: '/api/rents', collection: 'rents', tags, noun: ACCOUNTS, fields: accountFields, doc: profile, body: AccountUpdateSchema,
      update: (caller, query, body) => updateAccounts(services, caller, query, body),
      remove: (caller, query) => deleteAccounts(services, caller, query),
    });

    app.get('/api/rents/:id', { schema: schemas.read }, async (request: IdRequest) =>
      selectedAnswer(request.query, () => getAccountProfile(services, request.caller, request.params.id)),
    );

    app.patch('/api/rents/:id', { schema: schemas.update }, async (request: IdRequest) => ({
      doc: await selectedAnswer(request.query, () => updateAccount(services, request.caller, request.params.id, request.body)),
      message: 'Updated successfully.',
    }));

    app.delete('/api/rents/:id', { schema: schemas.remove }, async (request: IdRequest) => ({
      doc: await selectedAnswer(request.query, () => deleteAccount(services, request.caller, request.params.id)),
      message: 'Deleted successfully.',
    }));
  };
}
