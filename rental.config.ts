import { defineConfig } from 'rental-catalogue-service';

/**
 * The project configuration. Every key is optional; the values the service uses when a key is
 * absent are listed in docs/configuration.md. This installation keeps the defaults.
 */
export default defineConfig({});
