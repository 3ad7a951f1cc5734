import { AsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Keeps one object alive with the shape Node 20 gives each `process.nextTick` entry
 * (`{ [async_id_symbol], [trigger_async_id_symbol], callback, args }`, built by an object
 * literal with computed keys). No entry outlives its turn, so a full collection finds none and
 * drops the hidden classes of that shape; the next entry builds new ones, and after a few
 * collections V8 gives up on the literal's stores (megamorphic) and makes every entry through
 * the runtime. With a heap kept small (main.ts) full collections are frequent: in the read
 * harness `nextTick` took 8–9 % of the service's CPU, some ten calls a request inside Node's
 * http, against 0.8 % with this object alive (docs/benchmark.md).
 *
 * The symbols are Node's own, read off an AsyncResource, which carries the same two. Where
 * they are missing (another Node) nothing is kept and nothing else changes.
 */
export function keepTickShape(): boolean {
  const symbols = tickSymbols();
  if (!symbols) return false;
  const { asyncId, triggerId } = symbols;
  // Doubles, as Node's ids are (read from a Float64Array): with small integers the first
  // entry would change how the fields are stored and leave the object on a shape V8 retires.
  kept = { [asyncId]: 0.5, [triggerId]: 0.5, callback: keepTickShape, args: undefined };
  return true;
}

/** The two symbols that key a nextTick entry's ids, as an AsyncResource carries them; none on a Node without them. */
export function tickSymbols(): { asyncId: symbol; triggerId: symbol } | undefined {
  const keys = Object.getOwnPropertySymbols(new AsyncResource('TickShape'));
  const asyncId = keys.find((key) => key.description === 'async_id_symbol');
  const triggerId = keys.find((key) => key.description === 'trigger_async_id_symbol');
  return asyncId && triggerId ? { asyncId, triggerId } : undefined;
}

/** The object kept, if any (for tests). */
export const keptTickShape = (): object | undefined => kept;
