import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';

const child = fileURLToPath(new URL('./tick-shape-child.ts', import.meta.url));

async function run(mode: 'keep' | 'reordered'): Promise<{ kept: boolean; sameShape: boolean | null }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--conditions=rental-source', child, mode]);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as { kept: boolean; sameShape: boolean | null };
}

/**
 * keepTickShape, in a process of its own: after five full collections between bursts of
 * `process.nextTick`, a new entry still has the hidden class of the object kept, so the
 * literal that builds entries keeps meeting one shape.
 */
describe('the nextTick entry shape kept alive', () => {
  it("has the very shape of Node's entries after full collections", async () => {
    const result = await run('keep');
    assert.equal(result.kept, true, 'the symbols were found on this Node');
    assert.equal(result.sameShape, true);
  });

  it('is not matched by the same keys in another order', async () => {
    // The control: the comparison tells shapes apart, not sets of keys.
    const result = await run('reordered');
    assert.equal(result.kept, true);
    assert.equal(result.sameShape, false);
  });
});
