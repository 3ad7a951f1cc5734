import { appendFileSync, readFileSync } from 'node:fs';

/** How often the trace samples. */
export const MEMORY_TRACE_INTERVAL_MS = 1000;

const MB = 1024 * 1024;
/** glibc gives each thread's malloc arena heaps of this size, aligned to it. */
const ARENA_HEAP_BYTES = 64 * MB;

/** What /proc/self/smaps says of the process's resident memory, in MB. */
interface ResidentParts {
  /** The main malloc arena ([heap]). */
  brkHeap: number;
  /** Other threads' malloc arenas (read/write mappings starting on a 64 MB boundary). */
  arenas: number;
  /** Every other anonymous mapping: V8's heaps (every thread's), large malloc blocks, thread stacks. */
  otherAnonymous: number;
  /** Mapped files: code, shared libraries, SQLite's shared memory. */
  files: number;
}

function residentParts(): ResidentParts {
  const parts: ResidentParts = { brkHeap: 0, arenas: 0, otherAnonymous: 0, files: 0 };
  let kind: keyof ResidentParts = 'otherAnonymous';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-[0-9a-f]+ (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      const [, start = '0', , inode = '0', name = ''] = mapping;
      if (name === '[heap]') kind = 'brkHeap';
      else if (inode !== '0') kind = 'files';
      else if (BigInt(`0x${start}`) % BigInt(ARENA_HEAP_BYTES) === 0n) kind = 'arenas';
      else kind = 'otherAnonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) parts[kind] += Number(rss[1]) / 1024;
  }
  return parts;
}

/**
 * MEMORY_TRACE=<file>: a line of JSON a second with the process's memory by part, to find
 * what its RSS is made of (the main thread's V8 heap, Buffers, allocator arenas, the other
 * threads). A diagnostic, off unless set; reading smaps costs a few ms a sample.
 */
export function startMemoryTrace(file: string, intervalMs = MEMORY_TRACE_INTERVAL_MS): () => void {
  const round = (bytes: number) => Math.round(bytes / MB);
  const sample = () => {
    const usage = process.memoryUsage();
    const threads = Number(/Threads:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
    const parts = Object.fromEntries(Object.entries(residentParts()).map(([name, mb]) => [name, Math.round(mb)]));
    const line = {
      at: new Date().toISOString(),
      rss: round(usage.rss),
      heapUsed: round(usage.heapUsed),
      heapTotal: round(usage.heapTotal),
      external: round(usage.external),
      arrayBuffers: round(usage.arrayBuffers),
      threads,
      ...parts,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
