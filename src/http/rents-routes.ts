import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../operations/context.js';
import { createAccount, getAccountProfile, updateAccount } from '../operations/rents/accounts.js';
import { login, logout, me, refresh } from '../operations/rents/login.js';
import { TOKEN_COOKIE } from './authenticate.js';
import { loginRateLimit } from './rate-limit.js';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export function rentsRoutes(services: Services) {
  const { cookies } = services.config.auth;
  const secure = process.env.NODE_ENV !== 'development';

  const setTokenCookie = (reply: FastifyReply, token: string, exp: number) => {
    if (cookies) reply.setCookie(TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: new Date(exp * 1000) });
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/rents/login', loginRateLimit(services.config), async (request, reply) => {
      const result = await login(services, request.body);
      setTokenCookie(reply, result.token, result.exp);
      return result;
    });

    app.get('/api/rents/me', async (request) => me(request.caller));

    for (const path of ['/api/rents/refresh', '/api/rents/refresh-token']) {
      app.post(path, async (request, reply) => {
        const result = await refresh(services, request.caller);
        setTokenCookie(reply, result.token, result.exp);
        return result;
      });
    }

    app.post('/api/rents/logout', async (request, reply) => {
      const result = await logout(services, request.caller);
      if (cookies) reply.clearCookie(TOKEN_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      return result;
    });

    app.post('/api/rents', async (request, reply) => {
      const doc = await createAccount(services, request.caller, request.body);
      reply.code(201).header('location', `/api/rents/${doc.id}`);
      return { doc, message: 'Account successfully created.' };
    });

    app.get('/api/rents/:id', async (request: IdRequest) => getAccountProfile(services, request.caller, request.params.id));

    app.patch('/api/rents/:id', async (request: IdRequest) => ({
      doc: await updateAccount(services, request.caller, request.params.id, request.body),
      message: 'Updated successfully.',
    }));
  };
}
