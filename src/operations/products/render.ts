import type { ProductDoc } from '../../domain/product-schema.js';
import type { MediaImage } from '../../storage/media-repository.js';
import type { ProductDocRow, ProductReadRow } from '../../storage/products-repository.js';
import type { Depth } from '../../domain/list-query.js';
import type { Services } from '../context.js';
import { publicProfile } from './owner-profile.js';

export type RenderedProduct = Record<string, unknown>;

/** Stored rows → response documents; at depth 1 owners and gallery media are filled in. */
export async function renderProducts(services: Services, rows: ProductReadRow[], depth: Depth): Promise<RenderedProduct[]> {
  const docs = rows.map((row) => JSON.parse(row.doc) as ProductDoc);
  if (depth === 0) return docs as unknown as RenderedProduct[];
  const mediaIds = docs.flatMap((doc) => (doc.gallery?.images ?? []).filter((image): image is string => typeof image === 'string'));
  const media = await galleryImages(services, mediaIds);
  return docs.map((doc, index) => populate(doc, rows[index] as ProductReadRow, media));
}

/** Gallery images by id, from the cache where it has them and in one query for the rest. */
export async function galleryImages(services: Services, ids: string[]): Promise<Map<string, MediaImage>> {
  const cache = services.caches.images;
  const found = new Map<string, MediaImage>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const hit = cache.get(id);
    if (hit === undefined) missing.push(id);
    else if (hit !== null) found.set(id, hit);
  }
  if (missing.length > 0) {
    const readAt = cache.generation;
    const loaded = await services.storage.media.images(missing);
    for (const id of missing) {
      const image = loaded.get(id) ?? null;
      cache.set(id, image, 512, readAt);
      if (image) found.set(id, image);
    }
  }
  return found;
}

/** A stored row at depth 1, parsed and filled in. */
export const populateRow = (row: ProductDocRow, media: Map<string, MediaImage>): RenderedProduct => populate(JSON.parse(row.doc) as ProductDoc, row, media);

function populate(doc: ProductDoc, row: ProductDocRow, media: Map<string, MediaImage>): RenderedProduct {
  const owner = row.owner_id && row.owner_name !== null && row.owner_profile !== null
    ? publicProfile(row.owner_id, row.owner_name, row.owner_profile)
    : undefined;
  const basic = owner ? { ...doc.basic, rent_owner: owner } : doc.basic;
  const images = doc.gallery?.images?.map((image) => (typeof image === 'string' ? (media.get(image) ?? image) : image));
  return { ...doc, basic, ...(images ? { gallery: { ...doc.gallery, images } } : {}) } as unknown as RenderedProduct;
}
