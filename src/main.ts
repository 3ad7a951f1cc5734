import { buildApp } from './app.js';
import { loadConfig } from './config/load-config.js';
import { readEnv } from './env.js';
import { openStorage } from './storage/storage.js';
import { loadSecret } from './auth/secret.js';

async function main(): Promise<void> {
  const env = readEnv();
  const config = await loadConfig(env.configPath, { required: env.configRequired });
  const storage = await openStorage(env.databaseUrl, env.dataDir);
  const secret = loadSecret({ secret: env.secret, dataDir: env.dataDir, dialect: storage.dialect });
  const { app } = await buildApp({ config, storage, secret, dataDir: env.dataDir, redisUrl: env.redisUrl, logger: { level: process.env.LOG_LEVEL ?? 'info' } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining in-flight requests');
    await app.close();
    await storage.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.port, host: env.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
