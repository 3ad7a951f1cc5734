import type { FastifyInstance } from 'fastify';
import type { Storage } from '../storage/storage.js';
import { sendErrors } from './error-handler.js';
import { Type } from '@sinclair/typebox';
import { errorResponses } from './schemas/common.js';

export function healthRoutes(storage: Storage) {
  return async function register(app: FastifyInstance): Promise<void> {
    const tags = ['service'];
    app.get('/health', { schema: { tags, summary: 'Alive', response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({ status: 'ok' }));
    app.get('/ready', { schema: { tags, summary: 'Database reachable', response: { 200: Type.Object({ status: Type.Literal('ready') }), ...errorResponses(503) } } }, async (request, reply) => {
      try {
        await storage.ping();
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return sendErrors(reply, 503, [{ message: 'The database is not reachable.' }]);
      }
    });
  };
}
