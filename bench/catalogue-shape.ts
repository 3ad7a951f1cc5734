import type { ProductShape } from '../src/seed/generate-products.js';

/**
 * The bench's products, seeded in bulk or created through the API: ~1 KB descriptions, 5 gallery
 * images, 3 reservations, 70 % published, rental rules on 4 in 9 (three of rentalRules' four sets
 * have buffers: buffers on a third of the products, as issue 45 measures the availability filter).
 */
export const BENCH_SHAPE: ProductShape = { descriptionLength: 1000, galleryImages: 5, reservations: 3, publishedShare: 0.7, varied: false, rulesShare: 4 / 9 };
