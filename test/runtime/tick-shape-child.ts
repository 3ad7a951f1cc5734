// Run by keep-tick-shape.test.ts under --allow-natives-syntax --expose-gc: prints whether the
// object kept has the very shape of Node's nextTick entries after full collections.
import { createHook } from 'node:async_hooks';
import { setImmediate as turn } from 'node:timers/promises';
import { keepTickShape, keptTickShape, tickSymbols } from '../../src/runtime/keep-tick-shape.js';

// V8's own check, compiled at run time so that the file stays plain TypeScript.
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');

const noop = (): void => undefined;
/** `keep`: keepTickShape's object; `reordered`: the same keys and values in another order, kept the same way. */
function keptObject(): object | undefined {
  if (process.argv[2] === 'keep') return keepTickShape() ? keptTickShape() : undefined;
  const symbols = tickSymbols();
  return symbols ? { [symbols.triggerId]: 0.5, [symbols.asyncId]: 0.5, callback: noop, args: undefined } : undefined;
}
const kept = keptObject();
for (let round = 0; round < 5; round++) {
  for (let i = 0; i < 20_000; i++) process.nextTick(noop, i);
  await turn();
  collect();
}
// A real entry, seen through an init hook: a test-only cost, every entry is reported while it is on.
const entries: object[] = [];
const hook = createHook({
  init(_id, type, _trigger, resource: object) {
    if (type === 'TickObject') entries.push(resource);
  },
}).enable();
process.nextTick(noop);
hook.disable();
const [entry] = entries;
console.log(JSON.stringify({ kept: kept !== undefined, sameShape: entry && kept ? sameShape(entry, kept) : null }));
