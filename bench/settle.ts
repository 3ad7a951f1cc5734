import { setTimeout as sleep } from 'node:timers/promises';
import { serviceCpuMicroseconds, type Service } from './service.js';

const WINDOW_MS = 250;
/** The share of a core below which the service counts as idle. */
const IDLE_SHARE = 0.05;

/**
 * Waits until the service has finished the work it does on its own after start-up or seeding
 * (bodies and rental facts warmed in idle turns, the availability index read ahead): its CPU
 * below 5 % of a core over a quarter of a second, for at most `limitMs`. Measured before that,
 * the first reference would share CPU 0 with it and come out low, and the first scenario with
 * it. Returns how long it took, in milliseconds.
 */
export async function settled(service: Pick<Service, 'pids'>, limitMs = 60_000): Promise<number> {
  const start = Date.now();
  let before = serviceCpuMicroseconds(service);
  for (;;) {
    await sleep(WINDOW_MS);
    const now = serviceCpuMicroseconds(service);
    if (now - before < IDLE_SHARE * WINDOW_MS * 1000 || Date.now() - start >= limitMs) return Date.now() - start;
    before = now;
  }
}
