import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const isTypeScriptPath = (path: string): boolean => /\.[mc]?ts$/.test(path);

/** How Node refuses TypeScript it cannot run itself: not at all (Node 20), or not all of it (type stripping). */
const NEEDS_COMPILING = new Set(['ERR_UNKNOWN_FILE_EXTENSION', 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX', 'ERR_MODULE_NOT_FOUND']);

/**
 * Imports the configuration module. A `.ts` file is imported as it is where the process can
 * (under a TypeScript loader, as in the tests, it then stays one module with its other
 * importers), and compiled where it cannot, as in the service `npm start` runs.
 */
export async function importConfigModule(path: string): Promise<unknown> {
  const url = pathToFileURL(path).href;
  if (!isTypeScriptPath(path)) return import(url);
  try {
    return await import(url);
  } catch (error) {
    if (!NEEDS_COMPILING.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    return importTypeScript(path);
  }
}

/**
 * Imports a TypeScript configuration without a TypeScript loader in the process (the service
 * runs compiled; a loader would cost a thread and ~33 MB for the whole of its life): esbuild
 * bundles the file with the local files it imports, leaving packages as imports, into a hidden
 * `.mjs` beside it, so that packages (`rental-catalogue-service` among them), relative paths
 * and `import.meta.url` resolve as from the file itself. The `.mjs` is removed once imported.
 */
async function importTypeScript(path: string): Promise<unknown> {
  const esbuild = await import('esbuild');
  let code: string;
  try {
    const result = await esbuild.build({
      entryPoints: [path],
      bundle: true,
      packages: 'external',
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    });
    code = result.outputFiles[0]?.text ?? '';
  } catch (error) {
    throw new Error(`Cannot compile the configuration ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    // esbuild's service is a child process; nothing else here needs it.
    await esbuild.stop();
  }
  const compiled = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.compiled.mjs`);
  try {
    writeFileSync(compiled, code);
  } catch (error) {
    throw new Error(`Cannot compile the configuration ${path}: its folder is not writable (${(error as NodeJS.ErrnoException).code ?? String(error)}); give it as .mjs or .js instead.`, { cause: error });
  }
  try {
    return await import(pathToFileURL(compiled).href);
  } finally {
    rmSync(compiled, { force: true });
  }
}
