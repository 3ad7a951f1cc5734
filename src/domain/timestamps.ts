/** `updatedAt` always moves forward, even for two changes within one millisecond. */
export function nextTimestamp(previous: string): string {
  return new Date(Math.max(Date.now(), Date.parse(previous) + 1)).toISOString();
}
