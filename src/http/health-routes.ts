import type { FastifyInstance } from 'fastify';
import type { Storage } from '../storage/storage.js';
import { sendErrors } from './error-handler.js';

export function healthRoutes(storage: Storage) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/health', async () => ({ status: 'ok' }));
    app.get('/ready', async (request, reply) => {
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
