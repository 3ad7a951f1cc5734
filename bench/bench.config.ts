import { defineConfig } from 'rental-catalogue-service';

/**
 * The benchmark drives one client at full speed: per-client rate limits would measure
 * themselves. RENTAL_BENCH_CONFIG (JSON) adds what a scenario needs of a build that knows
 * the key, such as webhooks to a loopback receiver.
 */
export default defineConfig({ rateLimit: false, ...(JSON.parse(process.env.RENTAL_BENCH_CONFIG ?? '{}') as object) });
