import type { AuthUser, RentalConfig } from '../config/types.js';
import type { Storage } from '../storage/storage.js';
import type { MediaStore } from '../storage/media-store.js';
import type { ProductReadModel } from '../read-model/products/product-read-model.js';
import type { ProductValidator } from '../domain/product-validation.js';
import type { Authenticated, SessionManager } from '../auth/sessions.js';
import type { Scheduler } from '../jobs/scheduler.js';
import type { SecretBox } from '../auth/secret-box.js';

/** Where operations report a fault they recovered from or a setup problem, so that it is not lost (the server's logger). */
export interface FaultLog {
  warn(details: { err?: unknown; [detail: string]: unknown }, message: string): void;
}

/** What every operation is given: the installation's services and the caller. */
export interface Services {
  config: RentalConfig;
  log: FaultLog;
  storage: Storage;
  productValidator: ProductValidator;
  sessions: SessionManager;
  mediaStore: MediaStore;
  /** Product reads as response bytes, with every cache behind them (src/read-model). */
  readModel: ProductReadModel;
  /** Background jobs, run once across instances (src/jobs); its clock is the one time-driven work reads. */
  jobs: Scheduler;
  /** Seals the webhooks' signing secrets with the service's key. */
  webhookSecrets: SecretBox;
}

export interface Caller {
  user: AuthUser | null;
  /** The token's session, when the caller signed in with one. */
  session?: Authenticated;
  /** How the token came: the Authorization header or the session cookie. */
  via?: 'header' | 'cookie';
}
