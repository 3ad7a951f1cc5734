/**
 * Response times kept to the microsecond. autocannon's own percentiles are whole milliseconds,
 * which turns a ratio of two fast percentiles into a lottery (4 ms ÷ 3 ms passes, 4 ÷ 2 fails).
 */
export class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(milliseconds: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = milliseconds;
  }

  /** The nearest-rank percentile in milliseconds (0 when nothing was recorded). */
  percentile(percent: number): number {
    if (this.count === 0) return 0;
    const sorted = this.values.slice(0, this.count).sort();
    return sorted[Math.min(this.count, Math.max(1, Math.ceil((percent / 100) * this.count))) - 1] as number;
  }
}
