import type { ProductDoc } from '../../domain/product-schema.js';
import type { MediaImage } from '../../storage/media-repository.js';
import type { ProductDocRow, ProductReadRow } from '../../storage/products-repository.js';
import type { Depth } from '../../domain/list-query.js';
import type { ReadServices } from './read-services.js';
import { publicProfile } from '../../operations/products/owner-profile.js';
import { namedGalleryIds } from '../../domain/product-validation.js';

export type RenderedProduct = Record<string, unknown>;

/** What depth 1 shows of a product's owner. */
type OwnerOf = Pick<ProductDocRow, 'owner_id' | 'owner_name' | 'owner_profile'>;

/** Stored rows → response documents; at depth 1 owners and gallery media are filled in. */
export async function renderProducts(services: ReadServices, rows: ProductReadRow[], depth: Depth): Promise<RenderedProduct[]> {
  return renderDocuments(services, rows.map((row) => ({ doc: JSON.parse(row.doc) as ProductDoc, owner: row })), depth);
}

/** A document this process has just stored, rendered as reading it back would render it. */
export async function renderWritten(services: ReadServices, doc: ProductDoc, depth: Depth): Promise<RenderedProduct> {
  const ownerId = doc.basic.rent_owner ?? null;
  const owner = depth === 1 && ownerId !== null ? await services.storage.owners.get(ownerId) : undefined;
  const [rendered] = await renderDocuments(services, [{ doc, owner: { owner_id: ownerId, owner_name: owner?.owner_name ?? null, owner_profile: owner?.owner_profile ?? null } }], depth);
  return rendered as RenderedProduct;
}

async function renderDocuments(services: ReadServices, items: { doc: ProductDoc; owner: OwnerOf }[], depth: Depth): Promise<RenderedProduct[]> {
  if (depth === 0) return items.map(({ doc }) => doc) as unknown as RenderedProduct[];
  const mediaIds = items.flatMap(({ doc }) => namedGalleryIds(doc.gallery?.images));
  const media = await galleryImages(services, mediaIds);
  return items.map(({ doc, owner }) => populate(doc, owner, media));
}

/** Gallery images by id, from the cache where it has them and in one query for the rest. */
export async function galleryImages(services: ReadServices, ids: string[]): Promise<Map<string, MediaImage>> {
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

function populate(doc: ProductDoc, row: OwnerOf, media: Map<string, MediaImage>): RenderedProduct {
  const owner = row.owner_id && row.owner_name !== null && row.owner_profile !== null
    ? publicProfile(row.owner_id, row.owner_name, row.owner_profile)
    : undefined;
  const basic = owner ? { ...doc.basic, rent_owner: owner } : doc.basic;
  const images = doc.gallery?.images?.map((image) => (typeof image === 'string' ? (media.get(image) ?? image) : image));
  return { ...doc, basic, ...(images ? { gallery: { ...doc.gallery, images } } : {}) } as unknown as RenderedProduct;
}
