import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { buildDist, isStale } from '../scripts/build.mjs';

const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

/** Lets the clock move past the last file time, however coarse the file system's times are. */
const tick = () => new Promise((done) => setTimeout(done, 20));

/** scripts/build.mjs, which `npm ci` (prepare) and `npm start` (prestart, when stale) run, on a source tree of its own. */
describe('the build (src/ to dist/)', () => {
  const root = mkdtempSync(join(tmpdir(), 'rental-build-'));
  const src = join(root, 'src');
  const out = join(root, 'dist');
  after(() => rmSync(root, { recursive: true, force: true }));

  mkdirSync(join(src, 'sub'), { recursive: true });
  writeFileSync(join(src, 'main.ts'), "import type { Unit } from './sub/units.js';\nimport { units } from './sub/units.js';\nexport const first: Unit = units[0] as Unit;\n");
  writeFileSync(join(src, 'sub', 'units.ts'), "export type Unit = 'day' | 'week';\nexport const units: readonly Unit[] = ['day', 'week'];\n");
  writeFileSync(join(src, 'sub', 'worker.mjs'), 'export const plain = true;\n');
  writeFileSync(join(src, 'types.d.ts'), 'export type Nothing = never;\n');

  it('compiles every TypeScript module to JavaScript beside its map, copies other files, and skips declarations', async () => {
    assert.equal(isStale(src, out), true, 'nothing built yet');
    assert.deepEqual(await buildDist(src, out), { modules: 2 });
    assert.deepEqual(filesUnder(out), ['.built', 'main.js', 'main.js.map', 'sub/units.js', 'sub/units.js.map', 'sub/worker.mjs']);
    const main = (await import(pathToFileURL(join(out, 'main.js')).href)) as { first: string };
    assert.equal(main.first, 'day');
    assert.doesNotMatch(readFileSync(join(out, 'sub', 'units.js'), 'utf8'), /readonly|Unit\[\]/, 'types are gone');
    assert.equal(isStale(src, out), false);
  });

  it('is stale once a source changes after the build began, and not after building again', async () => {
    await tick();
    utimesSync(join(src, 'sub', 'units.ts'), new Date(), new Date());
    assert.equal(isStale(src, out), true);
    await tick();
    await buildDist(src, out);
    assert.equal(isStale(src, out), false);
  });

  it('is stale once a source is removed, and the build removes what it compiled from it', async () => {
    await tick();
    rmSync(join(src, 'sub', 'worker.mjs'));
    assert.equal(isStale(src, out), true, 'the removal changed its folder');
    await tick();
    await buildDist(src, out);
    assert.deepEqual(filesUnder(out), ['.built', 'main.js', 'main.js.map', 'sub/units.js', 'sub/units.js.map']);
  });
});
