import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseStartCommand } from '../scripts/start-command.js';

describe("npm start's command line", () => {
  it('splits the environment it sets from the node arguments', () => {
    assert.deepEqual(parseStartCommand('MALLOC_ARENA_MAX=2 node --max-semi-space-size=2 dist/main.js'), {
      env: { MALLOC_ARENA_MAX: '2' },
      nodeArgs: ['--max-semi-space-size=2', 'dist/main.js'],
    });
    assert.deepEqual(parseStartCommand('A=1 B_2=x=y node dist/main.js'), { env: { A: '1', B_2: 'x=y' }, nodeArgs: ['dist/main.js'] });
  });

  it('reads a command without settings as node, its flags and the script', () => {
    assert.deepEqual(parseStartCommand(' node --max-semi-space-size=2 dist/main.js '), { env: {}, nodeArgs: ['--max-semi-space-size=2', 'dist/main.js'] });
  });
});
