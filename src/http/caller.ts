import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../operations/context.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export type CallerResolver = (request: FastifyRequest) => Promise<Caller>;

/** Every request learns who is calling before its handler runs. */
export function registerCaller(app: FastifyInstance, resolve: CallerResolver): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('preHandler', async (request) => {
    request.caller = await resolve(request);
  });
}
