import type { FastifyInstance } from 'fastify';

/** How often a closing server ends the connections whose last request has been answered. */
const IDLE_SWEEP_MS = 50;

/**
 * While the app closes, ends the keep-alive connections that have gone idle, every 50 ms.
 * The server's close ends those idle when it begins; one whose request was still being
 * answered is idle once answered, and would hold the close for the keep-alive timeout (72 s).
 * Fastify runs `preClose` hooks just before closing the server, and `onClose` hooks once it
 * has closed, every connection ended.
 */
export function closeIdleConnectionsWhileClosing(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}
