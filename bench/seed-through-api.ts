import autocannon, { type Result } from 'autocannon';
import { asData, withoutServerFields } from '../src/domain/product-document.js';
import { generateProduct, type SeedOwner } from '../src/seed/generate-products.js';
import { Random } from '../src/seed/random.js';
import { BENCH_SHAPE } from './catalogue-shape.js';

export interface ApiSeed {
  productIds: string[];
  publishedIds: string[];
  /** Creates a second, from the first request to the last answer. */
  rate: number;
}

/**
 * Creates `count` products through `POST /api/products/:id`, as a client importing a catalogue
 * would (`connections` at a time, each product a request of its own), with the documents the
 * bulk seed writes: ~1 KB descriptions, 5 gallery images, 3 reservations, owners spread evenly.
 * Any answer but 201 stops the bench.
 */
export async function seedThroughApi(url: string, token: string, count: number, refs: { owners: SeedOwner[]; mediaIds: string[] }, connections: number): Promise<ApiSeed> {
  const rng = new Random(20261122);
  const now = Date.now();
  const productIds: string[] = [];
  const publishedIds: string[] = [];
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = Date.now();
  const result = await new Promise<Result>((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        amount: count,
        timeout: 60,
        requests: [
          {
            setupRequest: (request) => {
              const index = productIds.length;
              const doc = generateProduct(rng, index, refs.owners[index % refs.owners.length] as SeedOwner, refs.mediaIds, BENCH_SHAPE, now);
              productIds.push(doc.id);
              if (doc.settings.published) publishedIds.push(doc.id);
              return { ...request, method: 'POST', path: `/api/products/${doc.id}`, headers, body: JSON.stringify(withoutServerFields(asData(doc))) };
            },
          },
        ],
      },
      (error: unknown, done: Result) => (error ? reject(error) : resolve(done)),
    );
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`seeding through the API: ${failed} of ${count} creates failed`);
  return { productIds, publishedIds, rate: count / ((Date.now() - started) / 1000) };
}
