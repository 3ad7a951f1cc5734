import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpuMicroseconds, rssMb } from '../../bench/processes.js';

describe('benchmark process readings', () => {
  it('read the CPU time of every thread of a process as Node counts it', () => {
    const startUsage = process.cpuUsage();
    const start = cpuMicroseconds(process.pid);
    // Busy until Node itself counts 400 ms of CPU. /proc gives user and system time apart, each
    // cut to whole ticks (10 ms) and split by the kernel's sampling: 30 ms of leeway failed once
    // by 68 µs with two test files on the two cores. 50 ms still tells a wrong field or unit.
    let spin = 0;
    while (process.cpuUsage(startUsage).user + process.cpuUsage(startUsage).system < 400_000) spin++;
    const node = process.cpuUsage(startUsage);
    const read = cpuMicroseconds(process.pid) - start;
    assert.ok(spin > 0);
    assert.ok(Math.abs(read - (node.user + node.system)) <= 50_000, `/proc says ${read} µs, Node ${node.user + node.system} µs`);
  });

  it('read the resident set in MB', () => {
    const rss = rssMb(process.pid);
    assert.ok(Math.abs(rss - process.memoryUsage.rss() / 2 ** 20) < 16, `${rss} MB against ${process.memoryUsage.rss() / 2 ** 20}`);
  });
});
