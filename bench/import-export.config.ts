import { defineConfig } from 'rental-catalogue-service';

/** bench/import-export.ts: no rate limits, and room for a file of the whole benchmark catalogue. */
export default defineConfig({ rateLimit: false, import: { maxRows: 1_000_000, maxBytes: 2 * 1024 * 1024 * 1024 } });
