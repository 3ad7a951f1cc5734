import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadSecret } from './auth/secret.js';
import { loadConfig } from './config/load-config.js';
import type { RentalConfig } from './config/types.js';
import { databaseOptions, type Env } from './env.js';
import { openStorage, type Storage } from './storage/storage.js';
import { openMediaStore } from './storage/open-media-store.js';
import { compileDeferred } from './domain/schema-validator.js';

export interface RunningService {
  app: FastifyInstance;
  storage: Storage;
  /** Stops accepting, drains in-flight requests, closes the database. */
  stop(): Promise<void>;
}

/** Configuration → migrated storage → app → listening; the same for `npm start` and `npm run demo`. */
export async function startService(env: Env, options: { logLevel?: string; configure?: (config: RentalConfig) => void } = {}): Promise<RunningService> {
  const config = await loadConfig(env.configPath, { required: env.configRequired });
  options.configure?.(config);
  const media = await openMediaStore(env.media, env.dataDir);
  const storage = await openStorage(env.databaseUrl, env.dataDir, databaseOptions(env)).catch((error: unknown) => {
    media.store.close();
    throw error;
  });
  try {
    const secret = loadSecret({ secret: env.secret, dataDir: env.dataDir, dialect: storage.dialect });
    const { app, idle } = await buildApp({
      config,
      storage,
      mediaStore: media.store,
      secret,
      dataDir: env.dataDir,
      redisUrl: env.redisUrl,
      cacheBytes: env.cacheBytes,
      bodyFileBytes: env.bodyFileBytes,
      warmBodies: env.warmBodies,
      logRequests: env.logRequests,
      publicUrl: env.publicUrl,
      trustProxy: env.trustProxy,
      logger: { level: options.logLevel ?? 'info' },
    });
    app.addHook('onClose', async () => media.store.close());
    if (media.warning) app.log.warn(media.warning);
    await app.listen({ port: env.port, host: env.host });
    // The validators not yet used, compiled between requests after the first answer rather than before it.
    idle.afterFirstAnswer(() => void compileDeferred().catch((error: unknown) => app.log.error({ err: error }, 'a validation schema does not compile')));
    return {
      app,
      storage,
      async stop() {
        await app.close();
        await storage.close();
      },
    };
  } catch (error) {
    await storage.close();
    media.store.close();
    throw error;
  }
}

/** SIGTERM/SIGINT: drain, close, exit 0. */
export function stopOnSignals(service: RunningService): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.app.log.info({ signal }, 'draining in-flight requests');
    try {
      await service.stop();
      process.exit(0);
    } catch (error) {
      service.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
