import { join } from 'node:path';
import { loadConfig } from '../src/config/load-config.js';
import { createProductValidator } from '../src/domain/product-validation.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { LocalMediaStore } from '../src/storage/media-store.js';
import { BENCH_SHAPE } from './catalogue-shape.js';
import { openStorage } from '../src/storage/storage.js';

/**
 * Seeds a benchmark database through the bulk path: `products` products of 50 owners,
 * ~1 KB descriptions, 5 gallery images, 3 reservations each. Prints as JSON the product ids,
 * and the owners and images that products created through the API then use (`--seed api`
 * seeds 0 products here).
 */
const [databaseUrl, dataDir, count] = process.argv.slice(2) as [string, string, string];
const config = await loadConfig(new URL('./bench.config.ts', import.meta.url).pathname, { required: true });
const storage = await openStorage(databaseUrl, dataDir);
try {
  const result = await seedCatalogue(
    { config, storage, productValidator: createProductValidator(config.products.timeUnits), mediaStore: new LocalMediaStore(join(dataDir, 'media')) },
    {
      products: Number(count),
      owners: 50,
      mediaImages: 20,
      validate: false,
      shape: BENCH_SHAPE,
    },
  );
  const owners = result.owners.map(({ id, termIds }) => ({ id, termIds }));
  process.stdout.write(JSON.stringify({ owners, mediaIds: result.mediaIds, admin: result.demoLogin, productIds: result.productIds, publishedIds: result.publishedIds }));
} finally {
  await storage.close();
}
