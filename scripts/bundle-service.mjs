// @ts-check
// Bundles the service's entry point (src/main.ts) into one module, dist/main.js, which
// `npm start` runs. Node 20 loads ~1,100 modules one file at a time (resolving, reading and
// compiling each), most of the start-up at 100,000 products: as one module the service's own
// code, Kysely and TypeBox load in well under half the time (docs/startup.md). Run by
// scripts/build.mjs after the per-module compile, whose other outputs stay as they are: the
// threads, the migrations found by name, the package's export (src/index.ts) and the CLI load them.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** Packages of many small ES modules, bundled in; every other package stays an import, loaded from node_modules. */
const BUNDLED_PACKAGES = new Set(['kysely', '@sinclair/typebox']);

const packageOf = (/** @type {string} */ specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
/** `./a/b.js`: a path from dist/ as an import from the bundle, which is dist/main.js. */
const fromDist = (/** @type {string} */ sourceDir, /** @type {string} */ source) => `./${relative(sourceDir, source).split(sep).join('/').replace(/\.ts$/, '.js')}`;

/**
 * The modules src/index.ts exports values from (`APIError`, `defineConfig`): left as imports of
 * their compiled files, so that a configuration importing the package gets the very classes
 * the bundle checks its errors against.
 * @param {string} sourceDir
 */
function packageExports(sourceDir) {
  const index = join(sourceDir, 'index.ts');
  if (!existsSync(index)) return new Set();
  const text = readFileSync(index, 'utf8');
  return new Set([...text.matchAll(/^export \{[^}]*\} from '(\.[^']+)\.js';/gm)].map((match) => join(sourceDir, `${match[1]}.ts`)));
}

/**
 * @param {string} sourceDir
 * @returns {import('esbuild').Plugin}
 */
const servicePlugin = (sourceDir) => ({
  name: 'service-bundle',
  setup(bundle) {
    const shared = packageExports(sourceDir);
    bundle.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.has(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
    // A module imported when first needed (`await import('./s3-media-store.js')`) stays apart,
    // with the packages it imports: bundled in, its imports would load with the service's.
    bundle.onResolve({ filter: /^\./ }, (args) => {
      const source = join(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      return shared.has(source) || args.kind === 'dynamic-import' ? { path: fromDist(sourceDir, source), external: true } : undefined;
    });
    // Each module's `import.meta.url` stays the URL of its compiled file beside the bundle, so
    // that what it names relative to itself (threads, the migrations folder, the dashboard) is found.
    bundle.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(sourceDir + sep)) return undefined;
      const own = `new URL(${JSON.stringify(fromDist(sourceDir, args.path))}, import.meta.url).href`;
      // Not where it is quoted (a name esbuild defines for the configuration it compiles).
      const contents = readFileSync(args.path, 'utf8').replace(/(?<!['"`])\bimport\.meta\.url\b(?!['"`])/g, own);
      return { contents, loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
});

/** @type {import('esbuild').BuildOptions} How both builds compile: ES modules for Node 20, source maps beside, written by the caller. */
export const ESM_FOR_NODE = { format: 'esm', platform: 'node', target: 'node20', sourcemap: 'linked', write: false, logLevel: 'silent' };

/**
 * dist/main.js and its source map, from src/main.ts; nothing when there is no src/main.ts.
 * @param {string} sourceDir
 * @param {string} outDir
 * @returns {Promise<import('esbuild').OutputFile[]>}
 */
export async function bundleService(sourceDir, outDir) {
  const entry = join(sourceDir, 'main.ts');
  if (!existsSync(entry)) return [];
  const result = await build({
    entryPoints: [entry],
    outfile: join(outDir, 'main.js'),
    bundle: true,
    ...ESM_FOR_NODE,
    plugins: [servicePlugin(sourceDir)],
  });
  return result.outputFiles;
}
