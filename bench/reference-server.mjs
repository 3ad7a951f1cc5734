import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * A reference server: bare Fastify answering a small constant JSON object (C), or, given
 * CONSTANT_BODY (a file), those bytes (B1, B2): the most any server could send of a response
 * that size on this machine, with nothing to look up. Plain JavaScript, run by Node as the
 * service's compiled JavaScript is.
 */
const app = Fastify({ logger: false });
const constant = process.env.CONSTANT_BODY ? readFileSync(process.env.CONSTANT_BODY) : undefined;
if (constant) app.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(constant));
else app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
