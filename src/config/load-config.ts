import { existsSync } from 'node:fs';
import { importConfigModule } from './import-config.js';
import { ConfigError, resolveConfig } from './resolve-config.js';
import type { RentalConfig } from './types.js';

/**
 * Loads the project configuration (`.ts`, `.mjs` or `.js`; the default export, or the module
 * itself). The default path may be absent (defaults apply); a path named by RENTAL_CONFIG must exist.
 */
export async function loadConfig(path: string, options: { required: boolean }): Promise<RentalConfig> {
  if (!existsSync(path)) {
    if (options.required) throw new ConfigError('RENTAL_CONFIG', `names ${path}, which does not exist.`);
    return resolveConfig({});
  }
  const module = (await importConfigModule(path)) as { default?: unknown };
  // Payload's buildConfig returns a promise: a default export that is one is awaited (the namespace itself never is).
  const given: unknown = module.default !== undefined ? await module.default : module;
  if (typeof given === 'function') throw new ConfigError('default export', 'is a function: export the configuration object itself (`export default defineConfig({ … })`).');
  if (given === null || typeof given !== 'object' || Array.isArray(given)) throw new ConfigError('default export', 'must be the configuration object (`export default defineConfig({ … })`).');
  return resolveConfig(given);
}
