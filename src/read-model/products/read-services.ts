import type { Grant } from '../../operations/access.js';
import type { Storage } from '../../storage/storage.js';
import type { ProductCaches } from './product-cache.js';

/**
 * What the read model's parts read with: storage, its caches, and the two things it needs to
 * know of the configuration. It is given these rather than the operations' services, so that
 * it depends on nothing of the operations that use it.
 */
export interface ReadServices {
  readonly storage: Storage;
  readonly caches: ProductCaches;
  /** Where a body that could not be kept is reported (the server's logger). */
  readonly log: { warn(details: { err?: unknown; [detail: string]: unknown }, message: string): void };
  /** The read grant of anonymous readers, checked into a body rendered ahead of its first read (see kept-entry.ts). */
  anonymousGrant(id: string): Promise<Grant>;
  /** Whether afterRead hooks are configured: bodies then depend on the caller, and none is rendered ahead of a read. */
  callerDependent(): boolean;
}
