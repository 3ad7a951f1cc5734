import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { startLoadBalancer, type LoadBalancer } from './haproxy.js';
import { startProcess, type ServiceProcess } from './process.js';
import { startS3Server, type S3TestServer } from './s3-server.js';
import { createPostgresDatabase } from './server.js';

/** One service process of the cluster, as HAProxy names it. */
export interface Instance {
  name: string;
  url: string;
  port: number;
  process: ServiceProcess;
}

/**
 * Several service processes (`npm start`'s command) behind HAProxy with deploy/haproxy.cfg, on
 * one new PostgreSQL database, one Redis database and one S3 bucket (s3rver, in this process).
 */
export interface Cluster {
  /** HAProxy's address: where clients go. */
  url: string;
  balancer: LoadBalancer;
  instances: Instance[];
  databaseUrl: string;
  redisUrl: string;
  s3: S3TestServer;
  /** The environment every instance was started with (on top of the test process's). */
  env: Record<string, string>;
  /** Ends an instance at once (SIGKILL, as a crash or the OOM killer does) and waits until it is gone. */
  kill(index: number): Promise<void>;
  /** Starts a killed instance again on its port, and waits until HAProxy has it back UP. */
  restart(index: number): Promise<void>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** How many instances (1–4; deploy/haproxy.cfg names four); 3 unless given. */
  instances?: number;
  /** RENTAL_CONFIG of every instance; test/fixtures/configs/open-limits.ts (no rate limits) unless given. */
  configFile?: string;
  /** The Redis database number the instances share (their rate-limit counters are emptied first). */
  redisDatabase?: number;
  /** More environment for every instance. */
  env?: Record<string, string>;
}

/** Needs TEST_POSTGRES_URL, TEST_REDIS_URL and HAProxy (test/helpers/haproxy.ts: HAPROXY). */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 3;
  const redis = new URL(process.env.TEST_REDIS_URL as string);
  redis.pathname = `/${options.redisDatabase ?? 7}`;
  const redisUrl = redis.toString();
  const client = new Redis(redisUrl);
  const stale = await client.keys('rental-rate-limit:*');
  if (stale.length > 0) await client.del(...stale);
  await client.quit();

  const database = await createPostgresDatabase();
  const s3 = await startS3Server();
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(join(tmpdir(), 'rental-instance-')));
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    RENTAL_SECRET: 'cluster-secret-cluster-secret-cluster-secret',
    RENTAL_CONFIG: resolve(options.configFile ?? 'test/fixtures/configs/open-limits.ts'),
    // HAProxy connects from the loopback address; X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
    ...s3.env(),
    ...options.env,
  };
  const start = (index: number, port?: number) => startProcess({ ...env, DATA_DIR: dataDirs[index] as string }, port === undefined ? {} : { port });
  const instances: Instance[] = [];
  let balancer: LoadBalancer | undefined;
  const stopAll = async () => {
    await balancer?.close();
    for (const instance of instances) {
      instance.process.child.kill('SIGTERM');
      await instance.process.exited;
    }
    await s3.close();
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Started together: the migrations run exactly once between them.
    const processes = await Promise.all(dataDirs.map((_, index) => start(index)));
    processes.forEach((service, index) => instances.push({ name: `rental-${index + 1}`, url: service.url, port: Number(new URL(service.url).port), process: service }));
    balancer = await startLoadBalancer(instances.map((instance) => `127.0.0.1:${instance.port}`));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const lb = balancer;
  return {
    url: lb.url,
    balancer: lb,
    instances,
    databaseUrl: database.url,
    redisUrl,
    s3,
    env,
    async kill(index) {
      const instance = instances[index] as Instance;
      instance.process.child.kill('SIGKILL');
      await instance.process.exited;
    },
    async restart(index) {
      const instance = instances[index] as Instance;
      instance.process = await start(index, instance.port);
      if (!(await lb.waitFor(instance.name, 'UP'))) throw new Error(`HAProxy did not take ${instance.name} back`);
    },
    close: stopAll,
  };
}
