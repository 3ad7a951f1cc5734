import type { FastifyInstance } from 'fastify';
import { answerWithin } from '../storage/answer-within.js';
import type { Storage } from '../storage/storage.js';
import { sendErrors } from './error-handler.js';
import { Type } from '@sinclair/typebox';
import { errorResponses } from './schemas/common.js';

/** A readiness probe answers within this, whatever the database does: a database that takes longer is not ready. */
const READY_WITHIN_MS = 2_000;

export function healthRoutes(storage: Storage) {
  return async function register(app: FastifyInstance): Promise<void> {
    const tags = ['service'];
    app.get('/health', { schema: { tags, summary: 'Alive', response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({ status: 'ok' }));
    app.get('/ready', { schema: { tags, summary: 'Database reachable (it answers within 2 s)', response: { 200: Type.Object({ status: Type.Literal('ready') }), ...errorResponses(503) } } }, async (request, reply) => {
      try {
        await answerWithin(storage.ping(), READY_WITHIN_MS, 'The database');
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return sendErrors(reply, 503, [{ message: 'The database is not reachable.' }]);
      }
    });
  };
}
