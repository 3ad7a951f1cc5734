import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A build of the service: this checkout, or a git ref compiled beside it (--compare). */
export interface Build {
  label: string;
  /** Its folder: `dist/main.js`, `bench/seed-bench.ts` and `package.json` are read from here. */
  root: string;
}

/**
 * The tree of `ref` exported into a folder of its own (git archive: no worktree, no branch
 * switched), sharing this checkout's node_modules, and compiled. Its dependencies are then
 * this checkout's: compare builds whose package.json agree.
 */
export async function buildRef(root: string, ref: string, work: string): Promise<Build> {
  const { stdout: commit } = await run('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: root });
  const dir = join(work, `build-${commit.trim()}`);
  mkdirSync(dir, { recursive: true });
  await run('sh', ['-c', `git archive ${commit.trim()} | tar -x -C ${JSON.stringify(dir)}`], { cwd: root, maxBuffer: 1 << 30 });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await run(process.execPath, ['scripts/build.mjs'], { cwd: dir });
  return { label: `${ref} (${commit.trim()})`, root: dir };
}

/** Whether the build's configuration has a top-level key (a feature that has landed in it). */
export async function buildKnowsConfigKey(build: Build, key: string): Promise<boolean> {
  const defaults = join(build.root, 'dist/config/defaults.js');
  if (!existsSync(defaults)) return false;
  const { defaultConfig } = (await import(pathToFileURL(defaults).href)) as { defaultConfig(): Record<string, unknown> };
  return key in defaultConfig();
}
