import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { RentalConfig } from '../../src/config/types.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage, type Storage } from '../../src/storage/storage.js';
import type { MediaStore } from '../../src/storage/media-store.js';
import { HttpClient } from './http.js';
import type { Clock } from '../../src/jobs/clock.js';
import { until } from './until.js';
import type { ProductCaches } from '../../src/read-model/products/product-cache.js';

export type DialectName = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL names a server we may create databases on. */
export const dialects: DialectName[] = process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * Every database of the suite, and PostgreSQL once more on a database whose default collation
 * is a language's (ICU's en-US, where `apple` sorts before `Banana`), as many installations
 * create them: the service compares text by code point there too.
 */
export interface DatabaseVariant {
  name: string;
  dialect: DialectName;
  /** CREATE DATABASE's options for a PostgreSQL database of its own. */
  postgresDatabase?: string;
}

export const databaseVariants: DatabaseVariant[] = [
  ...dialects.map((dialect) => ({ name: dialect, dialect })),
  ...(process.env.TEST_POSTGRES_URL
    ? [{ name: 'postgres, en-US collation', dialect: 'postgres' as const, postgresDatabase: "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'" }]
    : []),
];

export const TEST_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

export interface TestServer {
  url: string;
  http: HttpClient;
  storage: Storage;
  dialect: DialectName;
  /** The server's data folder (SQLite file, secret, media). */
  dataDir: string;
  /** Its database, as DATABASE_URL would name it. */
  databaseUrl: string;
  /** Creates an account directly (as the CLI does) and returns its id. */
  createAccount(input: { email: string; password?: string; name?: string; admin?: boolean; terms?: { id?: string; [k: string]: unknown }[] }): Promise<string>;
  /** Creates an account and signs it in; returns its id and token. */
  signUp(input?: { admin?: boolean; terms?: { id?: string; [k: string]: unknown }[]; name?: string }): Promise<{ id: string; token: string; email: string; password: string }>;
  /** Reads answered before Fastify so far (src/http/fast-reads.ts). */
  fastReads(): number;
  /** The read model's caches, to see what it keeps. */
  readCaches: ProductCaches;
  /**
   * Waits until no background job runs and each has set its next run (or `orWhen` holds):
   * before and after moving the server's manual clock, so that a move fires every job it
   * passes (see Scheduler.idle).
   */
  jobsSettled(orWhen?: () => boolean): Promise<void>;
  close(): Promise<void>;
}

/** A new database on TEST_POSTGRES_URL's server; `options` are CREATE DATABASE's (a locale, say). */
export async function createPostgresDatabase(options = ''): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_POSTGRES_URL as string;
  const name = `rc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} ${options}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

let accountCounter = 0;

/** Listens on a free loopback port; the server's base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A real server on a loopback port with its own fresh database. */
export async function startServer(
  dialect: DialectName,
  configure: (config: RentalConfig) => void = () => {},
  options: {
    logStream?: NodeJS.WritableStream; logRequests?: boolean; configFile?: string; redisUrl?: string; bodyFileBytes?: number; postgresDatabase?: string; publicUrl?: string;
    /** The read caches' budget (CACHE_MB); unset, the default. */
    cacheBytes?: number;
    /** The time of background jobs (webhook retries, pruning), moved by the test. */
    clock?: Clock;
    /** The jitter of webhook retries. */
    random?: () => number;
    /** Another instance on this database (another server's databaseUrl), left in place on close. */
    databaseUrl?: string;
    /** Where media go; unset, the data folder's media folder. */
    mediaStore?: MediaStore;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-test-'));
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : dialect === 'postgres' ? await createPostgresDatabase(options.postgresDatabase) : { url: `file:${dataDir}/rental.db`, drop: async () => {} };
  let config: RentalConfig;
  if (options.configFile) {
    config = await loadConfig(options.configFile, { required: true });
  } else {
    config = defaultConfig();
    config.rateLimit = false;
  }
  configure(config);
  const storage = await openStorage(database.url, dataDir);
  // Every response is checked against its route's response schema; close() fails on a mismatch.
  const responseProblems: string[] = [];
  const { app, fastReads, services } = await buildApp({
    checkResponses: (problem) => responseProblems.push(problem),
    config,
    storage,
    secret: TEST_SECRET,
    dataDir,
    redisUrl: options.redisUrl,
    mediaStore: options.mediaStore,
    bodyFileBytes: options.bodyFileBytes,
    cacheBytes: options.cacheBytes,
    logRequests: options.logRequests,
    publicUrl: options.publicUrl,
    logger: options.logStream ? { level: 'trace', stream: options.logStream } : false,
    clock: options.clock,
    random: options.random,
  });
  const url = await listenOnLoopback(app);
  const http = new HttpClient(url);
  const server: TestServer = {
    url,
    http,
    storage,
    dialect,
    dataDir,
    databaseUrl: database.url,
    async createAccount({ email, password = 'correct horse battery', name = 'Půjčovna Test', admin = false, terms }) {
      const profile = await createAccount({ config, storage }, 'system', {
        email,
        password,
        rentNameSystem: name,
        basic: { rentalName: name, rentalContactPerson: 'Jana Nováková', rentalPhone: '+420 777 000 111', rentalEmail: 'info@example.cz' },
        ...(terms ? { terms: { termsArray: terms } } : {}),
        ...(admin ? { roles: ['admin'] } : {}),
      });
      return profile.id;
    },
    async signUp(input = {}) {
      const email = `owner${++accountCounter}-${randomBytes(3).toString('hex')}@example.com`;
      const password = 'correct horse battery';
      const id = await server.createAccount({ email, password, admin: input.admin, terms: input.terms, name: input.name });
      const res = await http.post('/api/rents/login', { email, password });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
      return { id, token: (res.body as { token: string }).token, email, password };
    },
    fastReads: () => fastReads.answered,
    readCaches: services.readModel.caches,
    async jobsSettled(orWhen = () => false) {
      // A calendar sync's pass may wait out a feed's 10 s timeout.
      if (!(await until(() => services.jobs.idle || orWhen(), 30_000))) throw new Error(`background jobs not settled within 30 s: ${services.jobs.unsettled().join(', ')}`);
    },
    async close() {
      await app.close();
      options.mediaStore?.close();
      await storage.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (responseProblems.length > 0) throw new Error(`responses that do not match their schemas:\n${[...new Set(responseProblems)].join('\n')}`);
    },
  };
  return server;
}
