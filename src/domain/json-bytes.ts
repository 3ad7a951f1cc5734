/**
 * JSON text given in consecutive parts (each cut outside any string), as UTF-8 bytes in a
 * buffer of its own: Buffer.from() puts small strings in shared 8 KiB slabs, and a cached
 * slice would keep its whole slab alive. The parts are written one after another, without
 * first joining them into one more string.
 */
export function jsonBytes(parts: string[]): Buffer {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part, 'utf8');
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at, 'utf8');
  return bytes;
}
