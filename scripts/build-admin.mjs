// @ts-check
// Bundles the owner dashboard (admin/) for the browser into dist/admin/: hashed, minified
// assets (each also gzip- and brotli-compressed) and an index.html that names them. Run by
// scripts/build.mjs; plain JavaScript for the same reason (it runs before anything is built).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_SOURCE_DIR = join(ROOT, 'admin');
export const ADMIN_DIST_DIR = join(ROOT, 'dist', 'admin');
const STAMP = '.built';
/** What the bundle is made of besides admin/: the typed API client, the packages, this script. */
const INPUTS_BESIDE_SOURCES = [join(ROOT, 'src', 'client'), join(ROOT, 'package-lock.json'), fileURLToPath(import.meta.url)];

/** @param {string} dir @returns {string[]} every file and folder under dir */
function pathsUnder(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true }).map((entry) => join(entry.parentPath, entry.name));
}

/** True when dist/admin has no finished build, or an input changed since it began. */
export function isAdminStale(sourceDir = ADMIN_SOURCE_DIR, outDir = ADMIN_DIST_DIR) {
  const stamp = join(outDir, STAMP);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  const inputs = [sourceDir, ...pathsUnder(sourceDir), ...INPUTS_BESIDE_SOURCES.flatMap((path) => [path, ...pathsUnder(path)])];
  return inputs.some((path) => existsSync(path) && statSync(path).mtimeMs > builtAt);
}

function writeAtomically(/** @type {string} */ path, /** @type {Uint8Array | string} */ contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** A file, and beside it its gzip and brotli forms for clients that take them (@fastify/static's preCompressed). */
function writeCompressed(/** @type {string} */ path, /** @type {Uint8Array} */ contents) {
  writeAtomically(path, contents);
  writeAtomically(`${path}.gz`, gzipSync(contents, { level: 9 }));
  writeAtomically(`${path}.br`, brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  return [path, `${path}.gz`, `${path}.br`];
}

/**
 * The entry module and the chunks it imports statically are what a first visit loads; screens
 * imported with `import()` become chunks of their own, loaded when first shown.
 * Returns the files written (relative to outDir) and the initial scripts.
 */
export async function buildAdmin(sourceDir = ADMIN_SOURCE_DIR, outDir = ADMIN_DIST_DIR) {
  const began = new Date();
  const assets = join(outDir, 'assets');
  const result = await build({
    entryPoints: [join(sourceDir, 'src', 'main.tsx')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    minify: true,
    sourcemap: 'linked',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: assets,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    loader: { '.svg': 'file' },
    metafile: true,
    write: false,
    logLevel: 'silent',
    tsconfig: join(sourceDir, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const written = new Set([join(outDir, STAMP)]);
  for (const file of result.outputFiles) {
    const paths = file.path.endsWith('.map') ? [file.path] : writeCompressed(file.path, file.contents);
    if (file.path.endsWith('.map')) writeAtomically(file.path, file.contents);
    for (const path of paths) written.add(path);
  }
  const outputs = result.metafile.outputs;
  // Screens loaded with import() have an entryPoint in the metafile too: the entry is main.tsx's output.
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint?.endsWith('src/main.tsx') && path.endsWith('.js'));
  if (!entry) throw new Error('the dashboard bundle has no entry script');
  const name = (/** @type {string} */ path) => `/admin/assets/${basename(path)}`;
  const preloads = (outputs[entry]?.imports ?? []).filter((item) => item.kind === 'import-statement').map((item) => item.path);
  const css = outputs[entry]?.cssBundle;
  const html = readFileSync(join(sourceDir, 'index.html'), 'utf8')
    .replace('<!--styles-->', css ? `<link rel="stylesheet" href="${name(css)}">` : '')
    .replace('<!--scripts-->', [...preloads.map((path) => `<link rel="modulepreload" href="${name(path)}">`), `<script type="module" src="${name(entry)}"></script>`].join('\n    '));
  for (const path of writeCompressed(join(outDir, 'index.html'), new TextEncoder().encode(html))) written.add(path);
  for (const stale of pathsUnder(outDir).filter((path) => !written.has(path) && !path.endsWith('.tmp') && statSync(path).isFile())) rmSync(stale, { force: true });
  writeAtomically(join(outDir, STAMP), '');
  utimesSync(join(outDir, STAMP), began, began);
  return {
    files: [...written].map((path) => relative(outDir, path)).sort(),
    initialScripts: [entry, ...preloads].map((path) => basename(path)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { files } = await buildAdmin();
  console.log(`Built dist/admin/ (${files.length} files) in ${Date.now() - started} ms.`);
}
