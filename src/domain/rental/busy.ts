import type { Interval } from '../reservations.js';
import { clip, widen, type Buffers } from './intervals.js';

/** Why time is taken: a reservation (own or a confirmed booking), an imported block, or a buffer around either. */
export type BusyKind = 'reserved' | 'external' | 'buffer';

export interface BusyInterval extends Interval {
  kind: BusyKind;
}

interface Edge {
  at: number;
  kind: BusyKind;
  step: 1 | -1;
}

/** Where two kinds cover the same time, the stronger one is shown: a reservation over an import over a buffer. */
const KINDS: readonly BusyKind[] = ['reserved', 'external', 'buffer'];

/**
 * The busy time of a product inside a window, as non-overlapping intervals, earliest first:
 * every reservation and its buffers, each stretch of time under the strongest kind covering it,
 * neighbours of one kind joined.
 */
export function busyTimeline(reservations: readonly { interval: Interval; kind: 'reserved' | 'external' }[], buffers: Buffers, window: Interval): BusyInterval[] {
  const pieces: BusyInterval[] = [];
  const add = (interval: Interval, kind: BusyKind) => {
    const inside = clip(interval, window);
    if (inside) pieces.push({ ...inside, kind });
  };
  for (const { interval, kind } of reservations) {
    const wide = widen(interval, buffers);
    if (wide.start < interval.start) add({ start: wide.start, end: interval.start }, 'buffer');
    if (interval.end < wide.end) add({ start: interval.end, end: wide.end }, 'buffer');
    add(interval, kind);
  }
  // Sweep the boundaries in order, counting the pieces of each kind open between them.
  const edges: Edge[] = pieces.flatMap((piece) => [{ at: piece.start, kind: piece.kind, step: 1 }, { at: piece.end, kind: piece.kind, step: -1 }]);
  edges.sort((a, b) => a.at - b.at);
  const open: Record<BusyKind, number> = { buffer: 0, external: 0, reserved: 0 };
  const timeline: BusyInterval[] = [];
  edges.forEach((edge, index) => {
    open[edge.kind] += edge.step;
    const next = edges[index + 1]?.at;
    // Only once every edge at this instant is counted, and up to the next instant.
    if (next === undefined || next === edge.at) return;
    const kind = KINDS.find((candidate) => open[candidate] > 0);
    if (kind === undefined) return;
    const last = timeline.at(-1);
    if (last && last.kind === kind && last.end === edge.at) last.end = next;
    else timeline.push({ start: edge.at, end: next, kind });
  });
  return timeline;
}
