// @ts-check
// Compiles `src/` to plain JavaScript in `dist/`, which `npm start`, `npm run rental` and
// `npm run demo` run without a TypeScript loader (docs/design.md: "Compiled, not loaded").
// Plain JavaScript itself, so that it runs before anything else is built or loaded.
//
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when a source is newer than the last build
// It also bundles the dashboard (admin/) into dist/admin/ (build-admin.mjs).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAdmin, isAdminStale } from './build-admin.mjs';
import { ESM_FOR_NODE, bundleService } from './bundle-service.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SOURCE_DIR = join(ROOT, 'src');
export const DIST_DIR = join(ROOT, 'dist');
/** Written last by a build; its time is the time the build began. */
const STAMP = '.built';
/** What else decides the output: how esbuild compiles (tsconfig) and the Node target. */
const INPUTS_BESIDE_SOURCES = [join(ROOT, 'tsconfig.json'), join(ROOT, 'package.json'), fileURLToPath(import.meta.url), fileURLToPath(new URL('bundle-service.mjs', import.meta.url))];

/** @param {string} dir @param {boolean} [withFolders] @returns {string[]} every file under dir (and every folder, if asked) */
function pathsUnder(dir, withFolders = false) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() || (withFolders && entry.isDirectory()))
    .map((entry) => join(entry.parentPath, entry.name));
}

const isTypeScript = (/** @type {string} */ file) => /\.[mc]?ts$/.test(file) && !/\.d\.[mc]?ts$/.test(file);
const isDeclaration = (/** @type {string} */ file) => /\.d\.[mc]?ts$/.test(file);

/** True when `outDir` has no finished build, or a source (or the build's own settings) changed since it began. */
export function isStale(sourceDir = SOURCE_DIR, outDir = DIST_DIR) {
  const stamp = join(outDir, STAMP);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  // A file moved in keeps its old time but changes its folder's; a removed one changes its folder's too.
  return [...pathsUnder(sourceDir, true), sourceDir, ...INPUTS_BESIDE_SOURCES].some((path) => existsSync(path) && statSync(path).mtimeMs > builtAt);
}

/** Writes a file whole or not at all, so that a process starting meanwhile never reads half of it. */
function writeAtomically(/** @type {string} */ path, /** @type {Uint8Array | string} */ contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/**
 * TypeScript files become ES modules of the same path and name (`.js`, with a source map
 * beside each); other files (the hashing thread's `.mjs`) are copied; outputs whose source is
 * gone are removed. Packages stay imports, resolved from `node_modules` as before. The service's
 * entry point, `main.js`, is then written over by its bundle (bundle-service.mjs).
 */
export async function buildDist(sourceDir = SOURCE_DIR, outDir = DIST_DIR) {
  const began = new Date();
  const sources = pathsUnder(sourceDir);
  const result = await build({
    entryPoints: sources.filter(isTypeScript),
    outdir: outDir,
    outbase: sourceDir,
    ...ESM_FOR_NODE,
  });
  const written = new Set([join(outDir, STAMP)]);
  // The entry point `npm start` runs, as one module in place of its compiled file (bundle-service.mjs).
  for (const file of [...result.outputFiles, ...(await bundleService(sourceDir, outDir))]) {
    writeAtomically(file.path, file.contents);
    written.add(file.path);
  }
  for (const source of sources.filter((file) => !isTypeScript(file) && !isDeclaration(file))) {
    const target = join(outDir, relative(sourceDir, source));
    writeAtomically(target, readFileSync(source));
    written.add(target);
  }
  // dist/admin/ is the dashboard's bundle, built by build-admin.mjs.
  const admin = join(outDir, 'admin') + sep;
  for (const stale of pathsUnder(outDir).filter((file) => !written.has(file) && !file.endsWith('.tmp') && !file.startsWith(admin))) rmSync(stale, { force: true });
  writeAtomically(join(outDir, STAMP), '');
  utimesSync(join(outDir, STAMP), began, began);
  return { modules: result.outputFiles.filter((file) => file.path.endsWith('.js')).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  if (!ifStale || isStale()) {
    const started = Date.now();
    const { modules } = await buildDist();
    console.log(`Built ${relative(ROOT, DIST_DIR)}/ (${modules} modules) in ${Date.now() - started} ms.`);
  }
  if (!ifStale || isAdminStale()) {
    const started = Date.now();
    const { files } = await buildAdmin();
    console.log(`Built the dashboard in ${relative(ROOT, DIST_DIR)}/admin/ (${files.length} files) in ${Date.now() - started} ms.`);
  }
}
