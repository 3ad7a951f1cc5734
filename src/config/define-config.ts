import type { RentalConfigInput } from './types.js';

/** Identity function that gives a configuration file its types. */
export const defineConfig = (config: RentalConfigInput): RentalConfigInput => config;
