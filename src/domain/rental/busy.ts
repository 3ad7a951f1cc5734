import type { Interval } from '../reservations.js';
import type { Buffers } from './intervals.js';

/** Why time is taken: a reservation (own or a confirmed booking), an imported block, or a buffer around either. */
export type BusyKind = 'reserved' | 'external' | 'buffer';

export interface BusyInterval extends Interval {
  kind: BusyKind;
}

/** Where two kinds cover the same time, the stronger one is shown: a reservation over an import over a buffer. */
const KINDS: readonly BusyKind[] = ['reserved', 'external', 'buffer'];
const RANKS: Readonly<Record<BusyKind, number>> = { reserved: 0, external: 1, buffer: 2 };

/** Above this many edges the sort is the engine's; below, insertion (a calendar has a handful). */
const SMALL = 32;

/**
 * The busy time of a product inside a window, as non-overlapping intervals, earliest first:
 * every reservation and its buffers, each stretch of time under the strongest kind covering it,
 * neighbours of one kind joined.
 *
 * Every calendar request runs this, so the edges are kept as numbers in two arrays (an instant,
 * and the kind's rank times two plus one for a closing edge) rather than as objects.
 */
export function busyTimeline(reservations: readonly { interval: Interval; kind: 'reserved' | 'external' }[], buffers: Buffers, window: Interval): BusyInterval[] {
  const at: number[] = [];
  const code: number[] = [];
  const add = (start: number, end: number, rank: number) => {
    const from = start > window.start ? start : window.start;
    const to = end < window.end ? end : window.end;
    if (from >= to) return;
    at.push(from, to);
    code.push(rank * 2, rank * 2 + 1);
  };
  for (const { interval, kind } of reservations) {
    const { start, end } = interval;
    if (buffers.before > 0) add(start - buffers.before, start, RANKS.buffer);
    if (buffers.after > 0) add(end, end + buffers.after, RANKS.buffer);
    add(start, end, RANKS[kind]);
  }
  const order = edgeOrder(at);
  // Sweep the edges in order, counting the pieces of each kind open between them.
  const open = new Int32Array(KINDS.length);
  const timeline: BusyInterval[] = [];
  for (let k = 0; k < order.length; k++) {
    const edge = order[k] as number;
    const edgeCode = code[edge] as number;
    const rankOpened = edgeCode >> 1;
    open[rankOpened] = (open[rankOpened] as number) + (edgeCode & 1 ? -1 : 1);
    if (k + 1 === order.length) break;
    const here = at[edge] as number;
    const next = at[order[k + 1] as number] as number;
    // Only once every edge at this instant is counted, and up to the next instant.
    if (next === here) continue;
    const rank = open.findIndex((count) => count > 0);
    if (rank < 0) continue;
    const kind = KINDS[rank] as BusyKind;
    const last = timeline[timeline.length - 1];
    if (last !== undefined && last.kind === kind && last.end === here) last.end = next;
    else timeline.push({ start: here, end: next, kind });
  }
  return timeline;
}

/** The positions of `at` in ascending order of their instants. */
function edgeOrder(at: readonly number[]): number[] {
  const order: number[] = [];
  for (let index = 0; index < at.length; index++) order.push(index);
  if (order.length > SMALL) return order.sort((a, b) => (at[a] as number) - (at[b] as number));
  for (let i = 1; i < order.length; i++) {
    const moving = order[i] as number;
    const instant = at[moving] as number;
    let j = i - 1;
    for (; j >= 0 && (at[order[j] as number] as number) > instant; j--) order[j + 1] = order[j] as number;
    order[j + 1] = moving;
  }
  return order;
}
