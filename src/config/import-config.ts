import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Plugin } from 'esbuild';

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
  try {
    return await import(url);
  } catch (error) {
    if (error instanceof SyntaxError && !isTypeScriptPath(path)) throw await locatedSyntaxError(path, error);
    // JavaScript is compiled only for the package's own name, which Node finds only from within the project.
    if (isTypeScriptPath(path) ? !NEEDS_COMPILING.has((error as NodeJS.ErrnoException).code ?? '') : !missesOwnPackage(error)) throw error;
    return importTypeScript(path);
  }
}

/**
 * Node's SyntaxError of an ES module says what (`Unexpected token ';'`) but not where: esbuild
 * parses the file again to name its line and column, as for a TypeScript configuration.
 */
async function locatedSyntaxError(path: string, error: SyntaxError): Promise<Error> {
  const esbuild = await import('esbuild');
  try {
    await compile(esbuild, path, { packages: 'external' });
  } catch (located) {
    return located as Error;
  } finally {
    await esbuild.stop();
  }
  return new Error(`Cannot load the configuration ${path}: ${error.message}`, { cause: error });
}

/** This package's name: a configuration imports `defineConfig` and `APIError` by it. */
const PACKAGE = 'rental-catalogue-service';

const missesOwnPackage = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && (error as Error).message.includes(`'${PACKAGE}'`);

/**
 * The package's own name as the running service's entry (its `exports`, resolved from here:
 * a package may import itself by name), wherever the configuration lives. From a folder
 * outside the project (`RENTAL_CONFIG=/etc/rental/config.ts`) Node would not find it.
 */
const ownPackage: Plugin = {
  name: 'own-package',
  setup(build) {
    build.onResolve({ filter: /^rental-catalogue-service$/ }, () => ({ path: import.meta.resolve(PACKAGE), external: true }));
  },
};

type Esbuild = typeof import('esbuild');

/** Errors of a folder the process may not write into. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * Imports a TypeScript configuration (or a JavaScript one that imports the package from
 * outside the project) without a TypeScript loader in the process (the service
 * runs compiled; a loader would cost a thread and ~33 MB for the whole of its life): esbuild
 * bundles the file with the local files it imports, leaving packages as imports, into a hidden
 * `.mjs` beside it, so that packages (`rental-catalogue-service` among them), relative paths
 * and `import.meta.url` resolve as from the file itself. The `.mjs` is removed once imported.
 * Where the folder cannot be written (a read-only image), see importInMemory.
 */
async function importTypeScript(path: string): Promise<unknown> {
  const esbuild = await import('esbuild');
  try {
    const code = await compile(esbuild, path, { packages: 'external' });
    const compiled = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.compiled.mjs`);
    try {
      writeFileSync(compiled, code);
    } catch (error) {
      if (UNWRITABLE.has((error as NodeJS.ErrnoException).code ?? '')) return await importInMemory(esbuild, path);
      throw new Error(`Cannot compile the configuration ${path}: could not write ${compiled} (${(error as Error).message})`, { cause: error });
    }
    try {
      return await import(pathToFileURL(compiled).href);
    } finally {
      rmSync(compiled, { force: true });
    }
  } finally {
    // esbuild's service is a child process; nothing else here needs it.
    await esbuild.stop();
  }
}

/**
 * The configuration bundled as above, imported from a `data:` URL, which writes nothing. Such
 * a module has no folder to resolve from, so each package it imports is resolved by esbuild
 * from the importing file's folder, with the conditions Node resolves by (`node`, `import`,
 * `default`; `main`, never `module`), and imported by its absolute URL: the same module
 * instance the service loads (an `APIError` of the package is the service's class).
 * `import.meta.url`, `dirname` and `filename` are the configuration file's, as beside it,
 * and stack traces name it.
 */
async function importInMemory(esbuild: Esbuild, path: string): Promise<unknown> {
  const url = pathToFileURL(path).href;
  const code = await compile(esbuild, path, {
    conditions: [],
    mainFields: ['main'],
    define: { 'import.meta.url': JSON.stringify(url), 'import.meta.dirname': JSON.stringify(dirname(path)), 'import.meta.filename': JSON.stringify(path) },
    plugins: [packagesByUrl],
  });
  return import(`data:text/javascript;base64,${Buffer.from(`${code}\n//# sourceURL=${url}`).toString('base64')}`);
}

const RESOLVING = Symbol('resolving');

/** Packages (bare imports) as external imports of their absolute file URLs; Node's built-in modules as they are. */
const packagesByUrl: Plugin = {
  name: 'packages-by-url',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: RESOLVING });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

/** One ES module of the file and the local files it imports; a syntax error names the configuration. */
async function compile(esbuild: Esbuild, path: string, options: BuildOptions): Promise<string> {
  try {
    const result = await esbuild.build({
      entryPoints: [path],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      ...options,
      plugins: [ownPackage, ...(options.plugins ?? [])],
    });
    return result.outputFiles?.[0]?.text ?? '';
  } catch (error) {
    throw new Error(`Cannot compile the configuration ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
