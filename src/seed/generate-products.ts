import { generateId } from '../domain/ids.js';
import { buildProductDoc } from '../domain/product-document.js';
import type { ProductDoc } from '../domain/product-schema.js';
import { slugify } from '../domain/slug.js';
import { BRANDS, ITEMS, PHRASES, TOWNS } from './catalogue-data.js';
import type { Random } from './random.js';

export interface SeedOwner {
  id: string;
  termIds: string[];
}

export interface ProductShape {
  /** Approximate description length in characters. */
  descriptionLength: number;
  /** Gallery entries per product (media ids), at most the media available. */
  galleryImages: number;
  /** Reservations per product (at most; fewer for some products when `varied`). */
  reservations: number;
  /** Share of products that are published. */
  publishedShare: number;
  /** Vary gallery and reservation counts between 0 and the maximum (demo), or use them exactly (benchmark). */
  varied: boolean;
  /** Share of products with rental rules (SPEC 8: buffers, a minimum duration, price tiers, a lead time); none when unset. */
  rulesShare?: number;
}

/** Rules a rental shop sets, in a few believable combinations. */
function rentalRules(rng: Random, price: number): Record<string, unknown> {
  const tiers = [{ min_units: 3, price: Math.round(price * 0.9) }, { min_units: 7, price: Math.round(price * 0.75) }];
  switch (rng.int(0, 3)) {
    case 0:
      return { buffer_before: 'PT12H', buffer_after: 'PT12H', min_duration: 'P1D' };
    case 1:
      return { buffer_after: 'P1D', min_duration: 'P2D', price_tiers: tiers };
    case 2:
      return { lead_time: 'P1D', max_duration: 'P14D', price_tiers: tiers.slice(1) };
    default:
      return { buffer_after: 'PT4H', lead_time: 'PT12H', min_duration: 'P2D', max_duration: 'P30D', price_tiers: tiers };
  }
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function description(rng: Random, length: number): string {
  const lines: string[] = [];
  let size = 0;
  while (size < length) {
    const line = rng.pick(PHRASES);
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join(rng.chance(0.3) ? '\n\n' : '\n');
}

/** One believable product document, valid by the contract. */
export function generateProduct(rng: Random, index: number, owner: SeedOwner, media: string[], shape: ProductShape, now: number): ProductDoc {
  const item = rng.pick(ITEMS);
  const brand = rng.pick(BRANDS);
  const name = `${item.name} ${brand}${rng.chance(0.4) ? ` ${rng.int(100, 999)}` : ''}`;
  const galleryCount = Math.min(media.length, shape.varied ? rng.int(0, shape.galleryImages) : shape.galleryImages);
  const images = Array.from({ length: galleryCount }, (_, i) => media[(index + i) % media.length] as string);
  const reservationCount = shape.varied ? rng.int(0, shape.reservations) : shape.reservations;
  let cursor = now + rng.int(0, 30) * DAY;
  const reservationDates = Array.from({ length: reservationCount }, () => {
    const from = cursor + rng.int(1, 20) * DAY;
    const to = from + rng.int(0, 6) * DAY;
    cursor = to + DAY;
    return { id: generateId(), from: isoDate(from), to: isoDate(to), note: rng.chance(0.5) ? 'Rezervace přes web' : undefined };
  }).map(({ note, ...rest }) => (note ? { ...rest, note } : rest));
  const createdAt = new Date(now - (1_000_000 - index) * 1000).toISOString();

  const data = {
    internal_name: `SKU-${String(index + 1).padStart(6, '0')}`,
    basic: { product_name: name, product_desc: description(rng, shape.descriptionLength), location: rng.pick(TOWNS) },
    additional: {
      price: rng.int(item.price[0], item.price[1]),
      caution: rng.int(item.caution[0] / 100, item.caution[1] / 100) * 100,
      time_unit: item.unit,
      selectedTerm: rng.pick(owner.termIds),
    },
    settings: { published: rng.chance(shape.publishedShare) },
    gallery: { images },
    availability: { reservationDates },
    seo: { title: `${name} – půjčovna`, description: `Půjčte si ${name.toLowerCase()}.` },
  };
  // Drawn last, so that a catalogue without rules is the same as before they existed.
  if (shape.rulesShare !== undefined && rng.chance(shape.rulesShare)) Object.assign(data.additional, rentalRules(rng, data.additional.price));
  return buildProductDoc(data, {
    id: generateId(Date.parse(createdAt)),
    ownerId: owner.id,
    slug: `${slugify(name)}-${index + 1}`,
    createdAt,
    updatedAt: createdAt,
  });
}
