import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per answered request at `info` (LOG_REQUESTS): the request (method, URL, host,
 * client address; no headers, so no token), the status and the milliseconds, instead of
 * Fastify's two lines (incoming, then completed).
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Request logging, off unless asked for: at tens of thousands of requests a second a log line
 * each costs more than serving most of them.
 */
export const requestLogging = (enabled: boolean): LogController => (enabled ? new AccessLog() : new LogController({ disableRequestLogging: true }));
