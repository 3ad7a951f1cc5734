import { defineConfig } from 'rental-catalogue-service';

/** The benchmark drives one client at full speed: per-client rate limits would measure themselves. */
export default defineConfig({ rateLimit: false });
