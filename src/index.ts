/** What configuration files import: `import { defineConfig, APIError } from 'rental-catalogue-service'`. */
export { defineConfig } from './config/define-config.js';
export { APIError } from './errors/api-error.js';
export type {
  AccessArgs,
  AccessFunction,
  AccessResult,
  ActionDefinition,
  AuthUser,
  BookingHooks,
  BookingsAccess,
  RentalConfig,
  RentalConfigInput,
  Where,
} from './config/types.js';
