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
  return resolveConfig(module.default ?? module);
}
