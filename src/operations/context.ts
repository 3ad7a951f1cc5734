import type { AuthUser, RentalConfig } from '../config/types.js';
import type { Storage } from '../storage/storage.js';
import type { ProductValidator } from '../domain/product-validation.js';

/** What every operation is given: the installation's services and the caller. */
export interface Services {
  config: RentalConfig;
  storage: Storage;
  productValidator: ProductValidator;
}

export interface Caller {
  user: AuthUser | null;
}
