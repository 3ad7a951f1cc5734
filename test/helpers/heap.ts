import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** V8's heap in use after full collections: what is still reachable. */
export function liveHeap(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/**
 * Text of a request as a route gets it: `part`, sliced out of a URL of `urlBytes` more bytes.
 * V8 copies a slice of fewer than 13 characters, so only a longer `part` points into the URL.
 */
export function slicedFromLongUrl(part: string, urlBytes: number): string {
  const url = `/api/products?${part}&${'x'.repeat(urlBytes)}`;
  return url.slice(14, 14 + part.length);
}
