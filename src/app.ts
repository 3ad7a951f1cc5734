import fastifyCookie from '@fastify/cookie';
import { FastReads, serverWith } from './http/fast-reads.js';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createProductValidator } from './domain/product-validation.js';
import type { RentalConfig } from './config/types.js';
import { SessionManager } from './auth/sessions.js';
import { TokenSigner } from './auth/tokens.js';
import { tokenAuthenticator } from './http/authenticate.js';
import { rentsRoutes } from './http/rents-routes.js';
import { registerCaller } from './http/caller.js';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import { clientErrorHandler } from './http/client-errors.js';
import { closeIdleConnectionsWhileClosing } from './http/close-idle.js';
import { healthRoutes } from './http/health-routes.js';
import { registerJsonBody } from './http/json-body.js';
import { parseQuery } from './http/parse-query.js';
import { requestLogging } from './http/access-log.js';
import { registerNotFound, type RegisteredRoute } from './http/not-found.js';
import { registerRateLimit } from './http/rate-limit.js';
import { SHARED_SCHEMAS, registerDocs, registerOpenApi } from './http/openapi.js';
import { checkResponses } from './http/response-check.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { productsRoutes } from './http/products-routes.js';
import { mediaRoutes } from './http/media-routes.js';
import { importExportRoutes } from './http/import-export-routes.js';
import { calendarFeedRoutes } from './http/calendar-feed-routes.js';
import { calendarsRoutes } from './http/calendars-routes.js';
import { scheduleCalendarSync } from './operations/calendars/sync-job.js';
import { bookingsRoutes } from './http/bookings-routes.js';
import { rentalRoutes } from './http/rental-routes.js';
import { scheduleBookingExpiry } from './operations/bookings/expiry-job.js';
import { adminRoutes } from './http/admin-routes.js';
import { registerPrivateResponses } from './http/session-cookie.js';
import { LocalMediaStore, type MediaStore } from './storage/media-store.js';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Services } from './operations/context.js';
import { ProductReadModel } from './read-model/products/product-read-model.js';
import type { BodyWarmer } from './read-model/products/warm-bodies.js';
import { productGrant } from './operations/products/product-access.js';
import { hasAfterRead } from './operations/products/read-hooks.js';
import type { Storage } from './storage/storage.js';
import { BodyFile } from './read-model/body-file.js';
import { Scheduler } from './jobs/scheduler.js';
import type { Clock } from './jobs/clock.js';
import { SecretBox } from './auth/secret-box.js';
import { webhooksRoutes } from './http/webhooks-routes.js';
import { WebhookDispatcher } from './events/webhook-dispatcher.js';
import { schedulePruning } from './events/prune-events.js';
import { EventHub } from './events/event-hub.js';
import { eventsRoutes } from './http/events-routes.js';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  config: RentalConfig;
  storage: Storage;
  /** Where uploaded files go; defaults to `<dataDir>/media` on local disk. */
  mediaStore?: MediaStore;
  dataDir: string;
  /** The token signing key. */
  secret: Uint8Array;
  /** Shared rate-limit counters for several instances. */
  redisUrl?: string;
  /** Memory for the read caches (CACHE_MB); unset, 106 MB, which keeps the process within ~300 MB of RSS. */
  cacheBytes?: number;
  /** The size of the file that keeps rendered product bodies (BODY_FILE_MB); 0 keeps them in memory. */
  bodyFileBytes?: number;
  /** Render product bodies and rental facts ahead of their first read in idle turns (WARM_BODIES); off unless set here, on in `npm start` (see readEnv). */
  warmBodies?: boolean;
  /** One log line per answered request (LOG_REQUESTS). */
  logRequests?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Told of every JSON response that does not match its route's response schema (tests). */
  checkResponses?: (problem: string) => void;
  /** The time background jobs and schedules read (tests move one by hand); the system clock when unset. */
  clock?: Clock;
  /** Where clients reach the service (PUBLIC_URL), the base of absolute URLs it hands out; unset, each request's scheme and host. */
  publicUrl?: string;
  /** Draws the jitter of webhook retries (tests fix it); Math.random when unset. */
  random?: () => number;
  /** Load balancers whose X-Forwarded-For is believed (TRUST_PROXY): addresses or CIDR ranges; unset, none. */
  trustProxy?: string;
}

/** How long without a request before idle-time reads go on. */
const QUIET_MS = 50;

/** Whether a request is in flight, and who is told when the last one ends: one count for every idle-time task. */
export interface IdleWatch {
  idle(): boolean;
  onIdle(listener: () => void): void;
  /**
   * Told once, when the first request has been answered or FIRST_ANSWER_WAIT_MS after listening
   * without one: work begun at once would share the CPU with the first answers (a thread's start
   * alone takes ~150 ms of it), which is how long a start-up takes.
   */
  afterFirstAnswer(listener: () => void): void;
  /** How many requests have begun: unchanged across a while, none came in it. */
  begun(): number;
}

/** How long after listening the idle-time work waits for a first request before it begins anyway. */
const FIRST_ANSWER_WAIT_MS = 1_000;

function watchIdle(app: FastifyInstance): IdleWatch {
  let inFlight = 0;
  let begun = 0;
  const listeners: (() => void)[] = [];
  let answered = false;
  const first: (() => void)[] = [];
  const firstAnswer = () => {
    if (answered) return;
    answered = true;
    for (const listener of first) listener();
  };
  app.server.on('request', (_request, response: ServerResponse) => {
    inFlight++;
    begun++;
    response.once('close', () => {
      firstAnswer();
      if (--inFlight === 0) for (const listener of listeners) listener();
    });
  });
  app.addHook('onListen', async () => void setTimeout(firstAnswer, FIRST_ANSWER_WAIT_MS).unref());
  return {
    idle: () => inFlight === 0,
    onIdle: (listener) => void listeners.push(listener),
    begun: () => begun,
    afterFirstAnswer: (listener) => (answered ? listener() : void first.push(listener)),
  };
}

/** Renders product bodies ahead of their first read whenever no request is in flight (see BodyWarmer). */
function warmWhileIdle(app: FastifyInstance, services: Services, idle: IdleWatch, enabled: boolean): BodyWarmer {
  const warmer = services.readModel.warmer(idle.idle);
  if (!enabled) {
    warmer.stop();
    return warmer;
  }
  idle.onIdle(() => warmer.nudge());
  app.addHook('onReady', async () => warmer.nudge());
  app.addHook('onClose', async () => warmer.stop());
  return warmer;
}

/**
 * Reads the availability index's blocks ahead of the first availability filter, a run of
 * products at a time, once no request has come for QUIET_MS (see AvailabilityIndex.readAhead),
 * and on while none comes. Not at each moment with none in flight: a group commit answers all
 * its writers at once, so steady writes leave such a moment every batch, and writes of over
 * MAX_REREAD_PRODUCTS products had the whole table read again between batches.
 */
function readBlocksWhileIdle(app: FastifyInstance, services: Services, idle: IdleWatch): void {
  let reading = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const step = (begun: number) => {
    if (closed || reading || !idle.idle() || idle.begun() !== begun) return;
    reading = true;
    services.readModel.readAhead().then(
      (more) => {
        reading = false;
        if (!more) return;
        if (idle.begun() === begun) setImmediate(() => step(begun));
        else afterQuiet();
      },
      // A failed read is read again by the first filter that needs it.
      () => (reading = false),
    );
  };
  const afterQuiet = () => {
    if (closed || timer) return;
    const begun = idle.begun();
    timer = setTimeout(() => {
      timer = undefined;
      if (idle.begun() === begun) step(begun);
      else if (idle.idle()) afterQuiet();
    }, QUIET_MS).unref();
  };
  idle.onIdle(afterQuiet);
  // From the first answer on (or a while after listening without one): the start-up itself is not slowed by it.
  idle.afterFirstAnswer(() => step(idle.begun()));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}

/**
 * Room for a 100,000-product catalogue's bodies at depth 1 (~440 MB) and the docs of every
 * page of its published list (~280 MB) together: at 512 MB a run of deep pages wrote over
 * half the product bodies, and random reads after it fell from ~31,000–37,000 to ~20,000 req/s.
 * The file grows only as far as it is written, and its bytes are page cache, not the process's memory.
 */
export const DEFAULT_BODY_FILE_BYTES = 1024 * 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; services: Services; routes: RegisteredRoute[]; warmer: BodyWarmer; fastReads: FastReads; idle: IdleWatch }> {
  const bodyFileBytes = options.bodyFileBytes ?? DEFAULT_BODY_FILE_BYTES;
  const fastReads = new FastReads();
  const app = Fastify({
    serverFactory: serverWith(fastReads),
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true, maxParamLength: 1000 },
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors,
    logController: requestLogging(options.logRequests ?? false),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  });
  const bodyFileFailure = (error: unknown) => app.log.warn({ err: error }, 'the body file failed: rendered product bodies are kept in memory from now on');
  const bodies = bodyFileBytes > 0 ? BodyFile.open(options.dataDir, bodyFileBytes, bodyFileFailure) : BodyFile.inMemory();
  const readModel = new ProductReadModel({
    storage: options.storage,
    log: app.log,
    cacheBytes: options.cacheBytes,
    bodies,
    anonymousGrant: (id) => productGrant(options.config.access.products.read, { user: null, id }),
    callerDependent: () => hasAfterRead(options),
  });
  // Writes reach the read model only through the change feed, after they commit (other instances' too).
  options.storage.changes.onCommitted((change) => readModel.onCommitted(change));
  const services: Services = {
    config: options.config,
    log: app.log,
    storage: options.storage,
    productValidator: createProductValidator(options.config.products.timeUnits),
    mediaStore: options.mediaStore ?? new LocalMediaStore(join(options.dataDir, 'media')),
    readModel,
    sessions: new SessionManager(
      options.storage.sessions,
      new TokenSigner(options.secret),
      options.config.auth.tokenExpiration,
      options.storage.dialect === 'sqlite' ? options.storage.changes.source('accounts', 'sessions') : undefined,
    ),
    jobs: new Scheduler(options.storage.leases, { clock: options.clock, onFailure: (name, error) => app.log.error({ err: error, job: name }, 'a background job failed') }),
    webhookSecrets: new SecretBox(options.secret, 'webhook secrets'),
  };
  new WebhookDispatcher(services, services.webhookSecrets, options.random).start();
  schedulePruning(services);
  // The live streams: reading from when the app is ready, ended cleanly before it closes.
  const hub = new EventHub(services);
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => hub.close());
  // Jobs start once the app is ready and stop (waiting for running ones) when it closes.
  scheduleBookingExpiry(services);
  app.addHook('onReady', async () => services.jobs.start());
  app.addHook('onClose', async () => services.jobs.stop());
  app.addHook('onClose', async () => bodies.close());
  closeIdleConnectionsWhileClosing(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, options.config);
  await registerOpenApi(app, { rateLimited: options.config.rateLimit !== false });
  if (options.checkResponses) checkResponses(app, SHARED_SCHEMAS, options.checkResponses);
  const { routes, refuseShadowedMethods } = registerNotFound(app);
  registerJsonBody(app);
  await app.register(fastifyCookie);
  registerCaller(app, tokenAuthenticator(services.sessions, services.config));
  registerPrivateResponses(app);
  await registerRateLimit(app, options.config, options.redisUrl);
  await app.register(healthRoutes(options.storage));
  await app.register(productsRoutes(services));
  await app.register(importExportRoutes(services, join(options.dataDir, 'imports')));
  await app.register(rentsRoutes(services));
  await app.register(mediaRoutes(services));
  await app.register(calendarFeedRoutes(services, { publicUrl: options.publicUrl }));
  await app.register(calendarsRoutes(services));
  scheduleCalendarSync(services);
  await app.register(rentalRoutes(services));
  await app.register(bookingsRoutes(services));
  await app.register(webhooksRoutes(services));
  await app.register(eventsRoutes(services, hub));
  await registerDocs(app);
  await app.register(adminRoutes());
  refuseShadowedMethods();
  const idle = watchIdle(app);
  const warmer = warmWhileIdle(app, services, idle, options.warmBodies ?? false);
  readBlocksWhileIdle(app, services, idle);
  fastReads.serve(services, { logRequests: options.logRequests ?? false });
  app.addHook('preClose', async () => fastReads.stop());
  return { app, services, routes, warmer, fastReads, idle };
}
